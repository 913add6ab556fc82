import type { ChangePasswordBody, LoginBody, RegisterBody, UpdateProfileBody } from '#contract/schemas/user';
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

/** Issue 27: the signed-in user's own name, phone and saved address; answers the updated user. */
export function updateProfile(body: UpdateProfileBody) {
  return api('updateMe', { body });
}

export function fetchMyOrders(signal?: AbortSignal) {
  return api('myOrders', { signal });
}
