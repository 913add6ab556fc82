import type { ChangePasswordBody, LoginBody, RegisterBody } from '#contract/schemas/user';
import { api } from '#web/lib/api-client';

export function login(body: LoginBody) {
  return api('login', { body });
}

export function register(body: RegisterBody) {
  return api('register', { body });
}

export function changePassword(body: ChangePasswordBody) {
  return api('changePassword', { body });
}

export function fetchMyOrders(signal?: AbortSignal) {
  return api('myOrders', { signal });
}
