import { addMessages } from '.';
import { enBrand } from './en-brand';
import { nlRequests } from './nl-requests';
import { nlDealPages } from './nl-deal-pages';

// Dutch screens share prompts and toasts with the English brand screens.
addMessages({ ...enBrand, ...nlRequests, ...nlDealPages });
