// The process's link from server code to the socket.io server. notify() and the group calls run
// anywhere (inside a request's transaction, in a seed); they emit through whatever hub the app
// attached, and do nothing live when there is none (seeding, scripts).
import type { Server } from 'socket.io';
import type { Db } from '../db';

export interface Hub {
  io: Server;
  db: Db;
}

let current: Hub | null = null;

export function setHub(hub: Hub | null): void {
  current = hub;
}

export function getHub(): Hub | null {
  return current;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const clientRoom = (clientId: string) => `client:${clientId}`;
export const groupRoom = (group: string) => `group:${group}`;
