#!/usr/bin/env node
// The bundle rolldown.config.mjs builds from tsc's output (`npm run build`).
import '../dist/app/larder.mjs';
