/**
 * Corrections to the official descriptions, where a description says less than the service sends:
 * `npm run wire-types` applies them to the schemas before it generates the types, so that every
 * type that refers to a corrected schema sees the correction. The copies in openapi/ stay as
 * published. Each patch says what the description gets wrong and how we know. A patch that finds
 * its target already as it would make it stops the generator: a new edition fixed it, and the patch
 * goes.
 */

/** A schema of a description, as JSON. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  description?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

export interface DescriptionPatch {
  /** The schema it corrects or adds. */
  schema: string;
  apply(schemas: Record<string, JsonSchema>): void;
}

function schemaOf(schemas: Record<string, JsonSchema>, name: string): JsonSchema {
  const schema = schemas[name];
  if (!schema) throw new Error(`patch: the description has no schema ${name}`);
  return schema;
}

/** Adds properties the description leaves out (optional, as the service may leave them out too). */
function addProperties(name: string, properties: Record<string, JsonSchema>): DescriptionPatch {
  return {
    schema: name,
    apply(schemas) {
      const schema = schemaOf(schemas, name);
      schema.properties ??= {};
      for (const [property, value] of Object.entries(properties)) {
        if (property in schema.properties) throw new Error(`patch: ${name}.${property} is in the description now; remove the patch`);
        schema.properties[property] = value;
      }
    },
  };
}

/** Adds a schema the description does not have. */
function addSchema(name: string, schema: JsonSchema): DescriptionPatch {
  return {
    schema: name,
    apply(schemas) {
      if (name in schemas) throw new Error(`patch: the description has a schema ${name} now; remove the patch`);
      schemas[name] = schema;
    },
  };
}

/** Lets an enum property be null, where the description's type allows null but its enum leaves it out. */
function enumAllowsNull(name: string, property: string): DescriptionPatch {
  return {
    schema: name,
    apply(schemas) {
      const target = schemaOf(schemas, name).properties?.[property];
      if (!target?.enum) throw new Error(`patch: ${name}.${property} is not an enum`);
      if (target.enum.includes(null)) throw new Error(`patch: ${name}.${property} allows null now; remove the patch`);
      target.enum = [...target.enum, null];
    },
  };
}

const seconds = (description: string): JsonSchema => ({ type: 'number', description });

/**
 * A subnet-EVM genesis, which `genesisData` carries as the chain wrote it, schedules the network
 * upgrades by time and may set its reward and fee managers' first state; the description lists
 * neither. The sandbox's L1 genesis (world/evm/chain-config.ts, world/evm/upgrades.ts) carries them as
 * subnet-EVM writes them, and the graph's genesis types expose them.
 */
const subnetEvmGenesis: DescriptionPatch[] = [
  addProperties('EvmGenesisConfigDto', {
    durangoTimestamp: seconds('When Durango rules apply (Unix seconds; subnet-EVM).'),
    etnaTimestamp: seconds('When Etna rules apply (Unix seconds; subnet-EVM).'),
    fortunaTimestamp: seconds('When Fortuna rules apply (Unix seconds; subnet-EVM).'),
    graniteTimestamp: seconds('When Granite rules apply (Unix seconds; subnet-EVM).'),
    shanghaiTime: seconds('When Ethereum\'s Shanghai rules apply (Unix seconds; with Durango on Avalanche).'),
    cancunTime: seconds('When Ethereum\'s Cancun rules apply (Unix seconds; with Etna on Avalanche).'),
  }),
  addSchema('EvmGenesisRewardConfigDto', {
    type: 'object',
    description: 'Subnet-EVM\'s reward-manager `initialRewardConfig`: where fees go from activation.',
    properties: { allowFeeRecipients: { type: 'boolean' }, rewardAddress: { type: 'string' } },
  }),
  addProperties('EvmGenesisAllowListConfigDto', {
    initialRewardConfig: { $ref: '#/components/schemas/EvmGenesisRewardConfigDto', description: 'Reward manager only: where fees go from activation.' },
    initialFeeConfig: { $ref: '#/components/schemas/EvmGenesisFeeConfigDto', description: 'Fee manager only: the fee config it sets at activation.' },
  }),
];

/**
 * `tokenReputation` is typed string-or-null and described as null when the reputation is unknown
 * (only C-Chain tokens are rated), but its enum leaves null out. The sandbox answers null for the
 * tokens of its L1s, as the service does.
 */
const tokenReputation: DescriptionPatch[] = [enumAllowsNull('Erc20TokenBalance', 'tokenReputation'), enumAllowsNull('Erc20TokenV2', 'tokenReputation')];

export const DATA_API_PATCHES: readonly DescriptionPatch[] = [...subnetEvmGenesis, ...tokenReputation];

export const METRICS_PATCHES: readonly DescriptionPatch[] = [];
