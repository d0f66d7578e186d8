import { Hono } from "hono";
import type { AppEnv } from "../app";

export const pages = new Hono<AppEnv>();
