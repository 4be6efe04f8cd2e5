import { api, HttpError, type RequestOptions } from '@/lib/http';

/** Admin calls send the admin token; a 401 ends the admin session (docs/product.md §6). */
export class AdminSessionExpired extends Error {
  constructor() {
    super('Admin session expired');
  }
}

export async function adminApi<T>(
  path: string,
  options: Omit<RequestOptions, 'auth'> = {},
): Promise<T> {
  try {
    return await api<T>(path, { ...options, auth: 'admin' });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401)
      throw new AdminSessionExpired();
    throw error;
  }
}
