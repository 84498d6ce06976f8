/**
 * A hand-written backend-for-frontend, the floor any gateway in its own process pays: plain
 * node:http and an undici pool sized as the gateway's (UPSTREAM_CONNECTIONS' default), one route per
 * task (`GET /Q1`, `/Q2`, `/Q3`) making the REST client's calls to the Data API at `DATA_API_URL` and
 * answering with the assembled JSON. No GraphQL, validation, cache, limits or metrics. Started by
 * bench/run.ts on `PORT`.
 */
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { TASKS, type GetJson } from './tasks.js';

const dataApi = process.env.DATA_API_URL!;
const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

const getJson: GetJson = async <T>(url: string) => {
  const { statusCode, body } = await request(url, { dispatcher: agent });
  const json = (await body.json()) as T;
  if (statusCode !== 200) throw new Error(`${url}: ${statusCode}`);
  return json;
};

const server = createServer((req, res) => {
  const task = TASKS.find((t) => `/${t.name}` === req.url);
  if (!task) {
    res.writeHead(req.url === '/ready' ? 200 : 404).end();
    return;
  }
  task.rest(dataApi, getJson).then(
    (data) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    },
    (error: Error) => {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
    },
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
