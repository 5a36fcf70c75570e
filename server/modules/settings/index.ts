// The settings module's door (ARCHITECTURE.md): the program settings and generated secrets
// (service.ts) and the program's currency and exchange rates (currency.ts). The time zone's
// change (time-zone.ts) re-cuts the ledger's figures and is reached through its routes only.
export * from './service';
export * from './currency';
