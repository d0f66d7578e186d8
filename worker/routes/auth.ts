import { Hono } from "hono";
import type { AppEnv } from "../app";

export const auth = new Hono<AppEnv>();
