import { Hono } from "hono";
import type { AppEnv } from "../app";

export const contact = new Hono<AppEnv>();
