/**
 * How deep a value may nest (MAX_VALUE_DEPTH): lists and input objects inside lists and input objects,
 * in a document (argument and default values, variables' types) and in a request's variables. Past
 * the limit the request is refused, as a client error, before anything walks the value by recursion:
 * graphql-js's parser, the response cache's key (a stable JSON of the variables), coercion. Unbounded,
 * a literal a few thousand levels deep overflows the parser's stack (when MAX_TOKENS lets it through)
 * and variables 100,000 levels deep the response cache's key: both ended as INTERNAL_SERVER_ERROR.
 *
 * The graph's own arguments nest at most 3 levels (`createWebhook(input: { evmAddressActivity: {
 * addresses: [...] } })`); anything deeper than the limit is invalid anyway, so the limit only decides
 * where the refusal comes from.
 *
 * Selection sets are bounded the same way, by MAX_SELECTION_NESTING: graphql-armor's MAX_DEPTH is
 * checked on the parsed document, and with MAX_TOKENS raised, `{a{a{a…` 20,000 levels deep overflowed
 * the parser first (an INTERNAL_SERVER_ERROR, logged with its stack).
 */
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { badInput, type ErrorCode } from '../errors.js';

/** As yoga marks its own parse errors: HTTP 400 for `application/graphql-response+json`, 200 for plain JSON. */
const REQUEST_ERROR = { http: { spec: true, status: 400 } };

/**
 * The most levels selection sets (with inline fragments) may nest in a document's text, whatever
 * MAX_TOKENS allows: far past any document MAX_DEPTH (at most 100) lets through, far below the
 * ~10,000 levels graphql-js's parser takes before its stack overflows.
 */
export const MAX_SELECTION_NESTING = 1_000;

/**
 * Where (the character offset) a document first nests too deep, found with graphql-js's lexer (which
 * does not recurse): values deeper than `max` (brackets anywhere, for list values and list types, and
 * braces inside parentheses, for input objects), or selection sets deeper than MAX_SELECTION_NESTING
 * (braces outside parentheses). Undefined when it does not; a text that does not lex is left to the parser.
 */
export function tooDeepInDocument(text: string, max: number): { at: number; what: 'value' | 'selection' } | undefined {
  const lexer = new Lexer(new Source(text));
  let parentheses = 0;
  let depth = 0;
  let selections = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (token.kind === TokenKind.PAREN_L) parentheses++;
      else if (token.kind === TokenKind.PAREN_R) parentheses--;
      else if (token.kind === TokenKind.BRACKET_L || (token.kind === TokenKind.BRACE_L && parentheses > 0)) {
        if (++depth > max) return { at: token.start, what: 'value' };
      } else if (token.kind === TokenKind.BRACKET_R || (token.kind === TokenKind.BRACE_R && parentheses > 0)) depth--;
      else if (token.kind === TokenKind.BRACE_L) {
        if (++selections > MAX_SELECTION_NESTING) return { at: token.start, what: 'selection' };
      } else if (token.kind === TokenKind.BRACE_R) selections--;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Whether `value` (parsed JSON) nests arrays and objects deeper than `max`: a walk with a stack of its own that stops at the first too deep. */
export function tooDeepValue(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}

/** The yoga plugin. Place it after graphql-armor: it wraps the parse function armor sets (the token limit). */
export function useValueDepthLimit(max: number): Plugin {
  const limit = `${max} levels of lists and input objects (MAX_VALUE_DEPTH)`;
  return {
    // Thrown before the other parameter hooks run (persisted documents, the response cache's key),
    // as an unknown persisted document is: over HTTP and over WebSocket alike.
    onParams({ params }) {
      const variables = params.variables;
      if (!variables || typeof variables !== 'object') return;
      for (const [name, value] of Object.entries(variables)) {
        if (tooDeepValue(value, max)) throw badInput(null, `Variable "$${name}" nests deeper than ${limit}.`, { extensions: { variable: name, ...REQUEST_ERROR } });
      }
    },
    // Only on a document not parsed before (yoga keeps parsed documents, and refusals, by text).
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        const text = typeof source === 'string' ? source : source.body;
        const tooDeep = tooDeepInDocument(text, max);
        if (tooDeep !== undefined) {
          const message = tooDeep.what === 'value' ? `a value nests deeper than ${limit}` : `selection sets nest deeper than ${MAX_SELECTION_NESTING} levels`;
          throw new GraphQLError(`Syntax Error: ${message}.`, {
            source: typeof source === 'string' ? new Source(source) : source,
            positions: [tooDeep.at],
            extensions: { code: 'GRAPHQL_PARSE_FAILED' satisfies ErrorCode, ...REQUEST_ERROR },
          });
        }
        return parseFn(source, options);
      });
    },
  };
}
