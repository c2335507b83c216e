// node --import <this file> …: writes the URL of every module the process resolves through the ES module loader, one
// a line, to RECORD_MODULES_FILE, so a test can tell which packages a server start loaded (the hooks run on
// Node's loader thread: record-modules-hooks.mjs).
import { register } from 'node:module';

register('./record-modules-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_MODULES_FILE } });
