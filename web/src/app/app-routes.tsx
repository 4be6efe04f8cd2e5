import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { loadTexts, type Area } from '../i18n';
import { RequireAdmin, RequireAuth } from './guards';

type Page = Promise<{ default: ComponentType }>;
/** A lazy screen that also loads the text areas it needs in the current language (core is always loaded). */
// Texts first: some modules read texts while they load.
const withTexts = (areas: Area[], page: () => Page) => lazy(() => loadTexts(areas).then(page));
const brand: Area[] = ['brand'];
const account: Area[] = ['brand', 'account'];
const admin: Area[] = ['brand', 'account', 'admin'];
const requests: Area[] = ['brand', 'requests'];

// One lazy chunk per screen, so a link page such as /accept/:token loads only its own code.
const Login = withTexts(account, () => import('../routes/login'));
const Register = withTexts(account, () => import('../routes/register'));
const Onboarding = withTexts(account, () => import('../routes/onboarding'));
const Accept = lazy(() => import('../routes/accept'));
const PayRequest = withTexts(requests, () => import('../routes/pay-request'));
const PayRequestSuccess = withTexts(requests, () => import('../routes/pay-request-success'));
const PaymentSuccess = withTexts(brand, () => import('../routes/payment-success'));
const AdminLogin = withTexts(admin, () => import('../routes/admin-login'));
const Deals = withTexts(brand, () => import('../routes/deals'));
const CreateDeal = withTexts(brand, () => import('../routes/create-deal'));
const Payment = withTexts(requests, () => import('../routes/payment'));
const Dashboard = withTexts(brand, () => import('../routes/dashboard'));
const DealDetail = withTexts(requests, () => import('../routes/deal-detail'));
const Profile = withTexts(account, () => import('../routes/profile'));
const CreatorRequest = withTexts(requests, () => import('../routes/creator-request'));
const PaymentRequests = withTexts(requests, () => import('../routes/payment-requests'));
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
      <Route
        path="/admin"
        element={
          <RequireAdmin>
            <Admin />
          </RequireAdmin>
        }
      />
      <Route path="/notifications-test" element={auth(<NotificationsTest />)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
