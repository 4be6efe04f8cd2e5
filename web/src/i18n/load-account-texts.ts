import { addMessages } from '.';
import { enBrand } from './en-brand';
import { enAccount } from './en-account';

addMessages({ ...enBrand, ...enAccount });
