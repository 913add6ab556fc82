import type { Clock } from '#server/core/ports';

export const systemClock: Clock = { now: () => new Date() };
