import { Hono } from "hono";
import type { AppEnv } from "../app";

export const radio = new Hono<AppEnv>();
