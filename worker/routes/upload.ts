import { Hono } from "hono";
import type { AppEnv } from "../app";

export const upload = new Hono<AppEnv>();
