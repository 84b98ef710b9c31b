import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { GatewayConfig } from './config';
import type { Logger } from './logger';

export const API_DOWN_BODY = { success: false, message: 'Service momentanément indisponible' } as const;

/** True for the paths that belong to the api: /v1 and /v1/…, prefix kept. */
export function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * /v1/* → API_URL/v1/* (path, query, method, headers and body streamed as is; nothing parses the
 * body before this middleware). X-Forwarded-For/-Host/-Proto are added (xfwd). When the api
 * cannot be reached (refused, reset, timeout): 502 { success:false, message }.
 */
export function apiProxy(config: GatewayConfig, log: Logger) {
  return createProxyMiddleware<Request, Response>({
    target: config.apiUrl,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: config.proxyTimeoutMs,
    pathFilter: (path) => isApiPath(path),
    on: {
      error: (err, req, res) => {
        log.warn(
          { err: err.message, code: (err as NodeJS.ErrnoException).code, method: req.method, url: req.originalUrl ?? req.url },
          'api unreachable',
        );
        if (!('writeHead' in res)) {
          res.destroy(); // websocket upgrade
          return;
        }
        const out = res as ServerResponse;
        if (out.headersSent) {
          out.destroy(); // failed mid-stream: the client sees a truncated response
          return;
        }
        const body = JSON.stringify(API_DOWN_BODY);
        out.writeHead(502, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'Content-Length': Buffer.byteLength(body),
        });
        out.end(body);
      },
    },
  });
}
