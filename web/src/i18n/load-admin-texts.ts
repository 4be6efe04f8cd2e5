import { addMessages } from '.';
import { enBrand } from './en-brand';
import { enAccount } from './en-account';
import { enAdmin } from './en-admin';

addMessages({ ...enBrand, ...enAccount, ...enAdmin });
