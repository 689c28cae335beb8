/**
 * The Node.js flags `npm start` runs the service with (package.json's `start`), for everything
 * that starts the compiled service itself (the e2e tests, the benchmark, the soak), so they
 * measure and test what users run. test/unit/service-flags.test.ts holds package.json to them.
 *
 * `--max-old-space-size=384`: V8 sizes its heap limit from the machine's memory (4 GB on 24 GB)
 * and lets the heap grow far past what is live before collecting; with the cap, a 100 MB response
 * cache (its bodies are Buffers, outside this limit) peaked at about 200 MB RSS instead of 260-300.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-old-space-size=384'];
