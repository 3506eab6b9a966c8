/** What each release brought, newest first; /api/version/check sends the latest entry's notes. */
export const CHANGELOG: ReadonlyArray<{ version: string; notes: string[] }> = [
  {
    version: '1.0.0',
    notes: [
      'Sign-in, registration and password reset',
      'Role-based portal shell with appearance and accessibility preferences',
    ],
  },
];
