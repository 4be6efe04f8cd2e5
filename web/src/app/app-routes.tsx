import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './guards';

type Page = Promise<{ default: ComponentType }>;
/** A lazy screen that also loads the text catalog it needs (the entry holds only the deal-flow texts). */
// Texts first: some modules read texts while they load.
const withTexts = (texts: () => Promise<unknown>, page: () => Page) => lazy(() => texts().then(page));
const brand = () => import('../i18n/load-brand-texts');
const account = () => import('../i18n/load-account-texts');
const admin = () => import('../i18n/load-admin-texts');
const dutch = () => import('../i18n/load-dutch-texts');

// One lazy chunk per screen, so a link page such as /accept/:token loads only its own code.
const Login = withTexts(account, () => import('../routes/login'));
const Register = withTexts(account, () => import('../routes/register'));
const Onboarding = withTexts(account, () => import('../routes/onboarding'));
const Accept = lazy(() => import('../routes/accept'));
const PayRequest = withTexts(dutch, () => import('../routes/pay-request'));
const PayRequestSuccess = withTexts(dutch, () => import('../routes/pay-request-success'));
const PaymentSuccess = withTexts(brand, () => import('../routes/payment-success'));
const AdminLogin = withTexts(admin, () => import('../routes/admin-login'));
const Deals = withTexts(brand, () => import('../routes/deals'));
const CreateDeal = withTexts(brand, () => import('../routes/create-deal'));
const Payment = withTexts(dutch, () => import('../routes/payment'));
const Dashboard = withTexts(brand, () => import('../routes/dashboard'));
const DealDetail = withTexts(dutch, () => import('../routes/deal-detail'));
const Profile = withTexts(account, () => import('../routes/profile'));
const CreatorRequest = withTexts(dutch, () => import('../routes/creator-request'));
const PaymentRequests = withTexts(dutch, () => import('../routes/payment-requests'));
const Admin = withTexts(admin, () => import('../routes/admin'));
const NotificationsTest = withTexts(account, () => import('../routes/notifications-test'));
const NotFound = withTexts(brand, () => import('../routes/not-found'));

const auth = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** The route table of docs/product.md §2 with its access rules. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/register" element={<Register />} />
      <Route path="/onboarding" element={auth(<Onboarding />)} />
      <Route path="/accept/:token" element={<Accept />} />
      <Route path="/pay-request/:token?" element={<PayRequest />} />
      <Route path="/pay-request-success/:token" element={<PayRequestSuccess />} />
      <Route path="/payment-success/:dealId" element={<PaymentSuccess />} />
      <Route path="/admin/login" element={<AdminLogin />} />
      <Route path="/" element={auth(<Deals />)} />
      <Route path="/deals" element={auth(<Deals />)} />
      <Route path="/create" element={auth(<CreateDeal />)} />
      <Route path="/payment/:dealId" element={auth(<Payment />)} />
      <Route path="/dashboard" element={auth(<Dashboard />)} />
      <Route path="/deals/:id" element={auth(<DealDetail />)} />
      <Route path="/profile" element={auth(<Profile />)} />
      <Route path="/creator-request" element={auth(<CreatorRequest />)} />
      <Route path="/payment-requests" element={auth(<PaymentRequests />)} />
      <Route path="/admin" element={<RequireAdmin><Admin /></RequireAdmin>} />
      <Route path="/notifications-test" element={auth(<NotificationsTest />)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
