// For a browser holding a session token, starts what the signed-in page will ask for while the app's own script
// downloads: the shell's script files (and at / the dashboard's), named by the build on this tag, and the first
// calls, the session check and at / the dashboard's figures. The app takes each answer for its first call of the
// same path (src/web/lib/early-requests.ts). A visitor without a token downloads nothing more.
(() => {
  try {
    const token = window.localStorage.getItem('token');
    if (!token || typeof window.fetch !== 'function') return;
    const atDashboard = window.location.pathname === '/';
    const data = document.currentScript?.dataset ?? {};
    const files = `${data.shell ?? ''} ${atDashboard ? (data.dashboard ?? '') : ''}`
      .split(' ')
      .filter(Boolean);
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.appendChild(link);
    }
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const responses = {};
    for (const path of atDashboard ? ['/api/auth/me', '/api/dashboard'] : ['/api/auth/me']) {
      responses[path] = window.fetch(path, { headers, credentials: 'include' });
      // A failed early call is retried by the app's own; this only keeps it from being reported as unhandled.
      responses[path].catch(() => undefined);
    }
    window.__clinicEarlyRequests = { token, startedAt: Date.now(), responses };
  } catch {
    // storage blocked: the app makes its calls itself
  }
})();
