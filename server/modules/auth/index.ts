// The auth module's door (ARCHITECTURE.md): sign-in and sessions (service.ts), and the guards the
// other modules' routes put in front of their handlers (guards.ts).
export * from './service';
export * from './guards';
