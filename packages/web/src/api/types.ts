/** API shapes of SPEC §3 and §7 with DECISIONS.md's additions, as the web app reads them. */
import type {
  DashboardResponse,
  FileStatus,
  Plan,
  Reconciliation,
  RestoreStatus,
  Transaction,
} from '@statemint/shared';

export interface User {
  id?: string;
  name: string | null;
  email: string;
  plan: Plan;
  emailVerified: boolean;
  autoDeleteEnabled: boolean;
  fileRetentionDays: number;
  subscriptionStatus?: 'active' | 'canceling' | 'canceled' | null;
  currentPeriodEnd?: string | null;
  cancelAt?: string | null;
}

export interface LoginResponse {
  token?: string;
  user?: User;
  requiresVerification?: boolean;
  message?: string;
}

export type RegisterResponse = LoginResponse;

export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
}

export interface ConfirmResponse {
  token?: string;
  user?: User;
}

export interface FreeTrialCheck {
  canUse: boolean;
  reason?: string;
  code?: string;
}

export interface FileRecord {
  id: string;
  originalFilename: string;
  fileSize: number;
  createdAt: string;
  status: FileStatus;
  restoreStatus: RestoreStatus | null;
  restoreExpiresAt: string | null;
  transactionCount: number | null;
  currency: string | null;
  errorMessage: string | null;
  excelUrl?: string | null;
  xlsxUrl?: string | null;
  csvUrl?: string | null;
  jsonUrl?: string | null;
  xmlUrl?: string | null;
  textUrl?: string | null;
  htmlUrl?: string | null;
  ofxUrl?: string | null;
  qfxUrl?: string | null;
  qboUrl?: string | null;
  qifUrl?: string | null;
  reconciliation?: Reconciliation | null;
  /** The first transactions, for the completed panel's preview. */
  preview?: Transaction[] | null;
  /** When the file (and its outputs) is deleted or archived. */
  expiresAt?: string | null;
  availableUntil?: string | null;
}

export interface DashboardStats {
  totalFiles: number;
  filesThisMonth: number;
  restoresThisMonth: number;
  storageUsed: number;
  archivedFiles: number;
  restoredFiles: number;
}

export interface Dashboard {
  user: User;
  stats: DashboardStats;
  limits: { uploads: number; restores: number };
  recentFiles: FileRecord[];
  freeTrial?: DashboardResponse['freeTrial'];
}

export interface PublicConfig {
  supportEmail: string;
  stripePublishableKey: string | null;
  testMode: boolean;
}
