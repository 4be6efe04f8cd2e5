import { addMessages } from '.';
import { enBrand } from './en-brand';

addMessages(enBrand);
