/** App-wide modals (login, checkout) opened from the header, landing, upload page and dashboard. */
import type { PaymentType } from '@statemint/shared';
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import { LoginModal } from '../components/LoginModal';

export type CheckoutKind = PaymentType | 'chooser';

export interface CheckoutRequest {
  kind: CheckoutKind;
  /** Pay-as-you-go: the e-mail already typed on the upload page. */
  email?: string;
  /** Shown above the options (e.g. after a PAYMENT_REQUIRED upload). */
  notice?: string;
  /** Pay-as-you-go: how many files the payment converts (1 when absent). */
  files?: number;
  /**
   * Pay-as-you-go paid from a page that converts at once (the upload page's chosen files);
   * without it the checkout goes to /upload?payment=…&mode=payasyougo.
   */
  onPaid?: (paid: { paymentIntentId: string; email: string; files: number }) => void;
}

interface ModalsValue {
  openLogin: (mode?: 'login' | 'register') => void;
  openCheckout: (request: CheckoutRequest) => void;
}

const ModalsContext = createContext<ModalsValue | null>(null);

// The checkout code (and Stripe, when configured) loads only when a checkout opens.
const CheckoutModal = lazy(() => import('../checkout/CheckoutModal'));

export function ModalsProvider({ children }: { children: ReactNode }) {
  const [login, setLogin] = useState<{ open: boolean; mode: 'login' | 'register' }>({ open: false, mode: 'login' });
  const [checkout, setCheckout] = useState<CheckoutRequest | null>(null);
  const [checkoutKey, setCheckoutKey] = useState(0);
  const value = useMemo<ModalsValue>(
    () => ({
      openLogin: (mode = 'login') => setLogin({ open: true, mode }),
      openCheckout: (request) => {
        setCheckoutKey((k) => k + 1);
        setCheckout(request);
      },
    }),
    [],
  );
  return (
    <ModalsContext.Provider value={value}>
      {children}
      <LoginModal
        open={login.open}
        initialMode={login.mode}
        onOpenChange={(open) => setLogin((l) => ({ ...l, open }))}
      />
      {checkout && (
        <Suspense fallback={null}>
          <CheckoutModal key={checkoutKey} request={checkout} onClose={() => setCheckout(null)} />
        </Suspense>
      )}
    </ModalsContext.Provider>
  );
}

export function useModals(): ModalsValue {
  const v = useContext(ModalsContext);
  if (!v) throw new Error('useModals outside ModalsProvider');
  return v;
}
