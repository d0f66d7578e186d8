import { Hono } from "hono";
import type { AppEnv } from "../app";

export const stats = new Hono<AppEnv>();
