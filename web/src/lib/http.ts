import { clearAuthToken, getAuthToken } from './auth-token';
import { clearAdminToken, getAdminToken } from './admin-token';
import { currentLanguage } from '@/i18n';

/** Which bearer token a call sends: the user's, the admin's, or none (token-link pages). */
export type AuthMode = 'user' | 'admin' | 'none';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    // docs/product.md §8: "<status>: <body text>", or the status text when the body is empty.
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }

  /** The server's `error` code when the body is our JSON error shape (the same in every language). */
  get serverCode(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : null;
    } catch {
      return null;
    }
  }

  /** The stable code of the server's answer (`code`), e.g. `no_bank_account`, `gateway_refused`. */
  get serverErrorCode(): string | null {
    return this.parsed().code ?? null;
  }

  /** The params of the server's answer, e.g. `gatewayCode` of a gateway refusal. */
  get serverParams(): Record<string, string | number> {
    return this.parsed().params ?? {};
  }

  private parsed(): {
    code?: string;
    params?: Record<string, string | number>;
  } {
    try {
      const parsed = JSON.parse(this.body) as {
        code?: unknown;
        params?: unknown;
      };
      return {
        ...(typeof parsed.code === 'string' ? { code: parsed.code } : {}),
        ...(parsed.params && typeof parsed.params === 'object'
          ? { params: parsed.params as Record<string, string | number> }
          : {}),
      };
    } catch {
      return {};
    }
  }

  /** The server's `message` field when the body is our JSON error shape (in the app's language). */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : this.body;
    } catch {
      return this.body;
    }
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or a Blob (a File) sent as its raw bytes. */
  body?: unknown;
  auth?: AuthMode;
  /** Answer null instead of throwing on 401 (docs/product.md §7 "a mode can return null"). */
  on401?: 'throw' | 'null';
  /** Extra request headers (e.g. the deal link's claim secret). */
  headers?: Record<string, string>;
}

function bearer(auth: AuthMode): string | null {
  if (auth === 'admin') return getAdminToken();
  if (auth === 'none') return null;
  const token = getAuthToken();
  if (token === null) return null;
  if (token.split('.').length !== 3) {
    clearAuthToken();
    throw new HttpError(
      401,
      'Invalid authentication token format',
      'Unauthorized',
    );
  }
  return token;
}

/** Sends a call with the app's language and the chosen token; a failed answer throws HttpError. */
async function send(
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<Response | null> {
  const { method = 'GET', body, auth = 'user', on401 = 'throw' } = options;
  // The server answers errors in the app's language (not only the browser's).
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  const token = bearer(auth);
  if (token) headers.Authorization = `Bearer ${token}`;
  // A file goes as its raw bytes (the server reads its type from them); anything else as JSON.
  const raw = typeof Blob !== 'undefined' && body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = raw
      ? 'application/octet-stream'
      : 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body:
      body === undefined
        ? undefined
        : raw
          ? (body as Blob)
          : JSON.stringify(body),
  });
  if (response.status === 401) {
    if (auth === 'admin') clearAdminToken();
    else if (token) clearAuthToken();
    if (on401 === 'null') return null;
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text, response.statusText);
  }
  return response;
}

export async function api<T>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response === null || response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A file the server makes (a document's PDF), as a Blob, with the same headers as `api`. */
export async function apiFile(
  path: string,
  options: RequestOptions = {},
): Promise<Blob> {
  const response = await send(path, { ...options, on401: 'throw' }, '*/*');
  return response!.blob();
}

/** The human part of an error for a toast: the server's message, else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}
