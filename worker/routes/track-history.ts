import { Hono } from "hono";
import type { AppEnv } from "../app";

export const trackHistory = new Hono<AppEnv>();
