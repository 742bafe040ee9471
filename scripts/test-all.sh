#!/usr/bin/env bash
# The whole test suite: static checks, the production build (the process tests start it), unit, API and process
# tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint, format and types"
npx eslint .
npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }
npm run typecheck
# The API's OpenAPI document: Spectral's OAS and OWASP rules, failing on any warning (decisions 0040 and 0041).
npm run lint:api

echo "== build"
npm run build

echo "== unit, API and process tests${TEST_DATABASE_URL:+ (also on PostgreSQL)}"
npx vitest run

echo "== end-to-end tests"
npx playwright test
