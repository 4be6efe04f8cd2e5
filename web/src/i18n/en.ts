import type { enCore } from './en-core';
import type { enBrand } from './en-brand';
import type { enAccount } from './en-account';
import type { enAdmin } from './en-admin';

/** The English catalog's keys (deal flow, accounts, admin); the texts load per screen. */
export type en = typeof enCore & typeof enBrand & typeof enAccount & typeof enAdmin;
