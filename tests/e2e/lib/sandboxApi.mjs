// Asking a `cairn serve` sandbox over HTTPS what it holds, as a client of its own: a token by
// client credentials, then GETs with it (the sandbox's CA trusted, nothing else).

import { readFileSync } from 'node:fs';
import https from 'node:https';

function request(ca, url, options, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { ca, ...options }, (res) => {
      let text = '';
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A client of the sandbox `ready` (the JSON line `cairn serve` prints) as `clientId` with
 * `scope` (a suffix such as `roster.readonly`); `get(pathname)` answers the status, headers
 * and text of a GET on the base URL plus `pathname`, `delete(pathname)` those of a DELETE.
 */
export async function sandboxApi(ready, clientId, secret, scope) {
  const ca = readFileSync(ready.ca_cert);
  const auth = Buffer.from(`${clientId}:${secret}`).toString('base64');
  const form = `grant_type=client_credentials&scope=${encodeURIComponent(`${ready.scope_base}/${scope}`)}`;
  const answer = await request(ca, ready.token_url, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
  }, form);
  if (answer.status !== 200) throw new Error(`no token for ${clientId}: HTTP ${answer.status}: ${answer.text}`);
  const token = JSON.parse(answer.text).access_token;
  return {
    get: (pathname) => request(ca, `${ready.base_url}${pathname}`, { headers: { authorization: `Bearer ${token}` } }),
    /** A DELETE on the base URL plus `pathname`: its status, headers and text. */
    delete: (pathname) => request(ca, `${ready.base_url}${pathname}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }),
  };
}
