import { Hono } from "hono";
import type { AppEnv } from "../app";

export const sleepTimer = new Hono<AppEnv>();
