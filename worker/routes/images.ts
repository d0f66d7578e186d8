import { Hono } from "hono";
import type { AppEnv } from "../app";

export const images = new Hono<AppEnv>();
