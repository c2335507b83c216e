#!/usr/bin/env bash
# The TypeScript compiler every script runs: TypeScript 7's native one (npm package `typescript-7`, an alias of
# typescript@7), which checks and emits what TypeScript 6's `tsc` does in about a third of the time (decision 0020).
# TypeScript 6 stays installed as `typescript` for the tools that load its JavaScript API (typescript-eslint's typed
# rules, GraphQL Code Generator). Both packages name a `tsc` command, so node_modules/.bin/tsc may be either: call
# this script, never a bare `tsc`.
exec node "$(dirname "$0")/../node_modules/typescript-7/bin/tsc" "$@"
