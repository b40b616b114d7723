import { writeFileSync } from 'node:fs';
import { generateOpenApi } from '../apps/server/src/http/openapi';

const target = new URL('../docs/api/openapi.json', import.meta.url);
writeFileSync(target, await generateOpenApi());
console.log(`wrote ${target.pathname}`);
