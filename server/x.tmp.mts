const t0 = process.cpuUsage();
const w0 = performance.now();
await import('./test-helpers.ts');
await import('./app.ts');
const c = process.cpuUsage(t0);
console.log('wall', (performance.now() - w0).toFixed(0), 'cpu main', ((c.user + c.system) / 1000).toFixed(0));
