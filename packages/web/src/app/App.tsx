import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useLocation } from './router';

function Page({ pathname }: { pathname: string }) {
  switch (pathname) {
    case '/':
    case '/bank-statement-converter':
      return <LandingPage />;
    default:
      return <NotFoundPage />;
  }
}

export function App() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <Page pathname={pathname} />
      </main>
      <Footer />
    </div>
  );
}
