import * as Tooltip from '@radix-ui/react-tooltip';
import { LIMITS, PRODUCT_NAME } from '@statemint/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../api/queryClient';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { Toaster } from '../components/toast';
import { Spinner } from '../components/ui';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ModalsProvider } from './modals';
import { useHashScroll, useLocation } from './router';
import { SessionProvider } from './session';

// Everything but the landing page loads on demand, keeping the first page light.
const UploadPage = lazy(() => import('../pages/UploadPage'));
const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'));
const VerifyEmailPage = lazy(() => import('../pages/VerifyEmailPage'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'));
const LoginLinkPage = lazy(() => import('../pages/LoginLinkPage'));
const BlogPage = lazy(() => import('../pages/BlogPage'));
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'));
const TermsPage = lazy(() => import('../pages/TermsPage'));
const PricingPage = lazy(() => import('../pages/PricingPage'));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'));
const ApiDocsPage = lazy(() => import('../pages/ApiDocsPage'));
const ReviewPage = lazy(() => import('../pages/ReviewPage'));

function Page({ pathname }: { pathname: string }) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case '/':
    case '/bank-statement-converter':
      return <LandingPage />;
    case '/upload':
      return <UploadPage />;
    case '/dashboard':
      return <DashboardPage />;
    case '/verify-email':
      return <VerifyEmailPage />;
    case '/reset-password':
      return <ResetPasswordPage />;
    case '/login-link':
      return <LoginLinkPage />;
    case '/blog':
      return <BlogPage />;
    case '/privacy':
      return <PrivacyPage />;
    case '/terms':
      return <TermsPage />;
    case '/pricing':
      return <PricingPage />;
    case '/settings':
      return <SettingsPage />;
    case '/docs/api':
      return <ApiDocsPage />;
    case '/review':
      return <ReviewPage />;
    default:
      return <NotFoundPage />;
  }
}

const TITLES: Record<string, string> = {
  '/upload': 'Convert a Statement',
  '/dashboard': 'Secure Document Vault',
  '/verify-email': 'Verify Your Email',
  '/reset-password': 'Reset Your Password',
  '/login-link': 'Log In by Email',
  '/blog': 'Blog',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/pricing': 'Pricing',
  '/settings': 'Account Settings',
  '/docs/api': 'API Reference',
  '/review': 'Review and Download',
};

function Shell() {
  const { pathname, hash } = useLocation();
  useHashScroll(hash);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  useEffect(() => {
    const known = path === '/' || path === '/bank-statement-converter';
    const title = TITLES[path] ?? (known ? null : 'Page Not Found');
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: Bank Statement Converter`;
  }, [path]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense
          fallback={
            <div className="grid min-h-[50vh] place-items-center">
              <Spinner />
            </div>
          }
        >
          <Page pathname={pathname} />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Tooltip.Provider delayDuration={LIMITS.tooltipDelayMs}>
          <ModalsProvider>
            <Shell />
            <Toaster />
          </ModalsProvider>
        </Tooltip.Provider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
