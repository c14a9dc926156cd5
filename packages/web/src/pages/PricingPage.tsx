import { PricingCards } from '../components/PricingCards';

export default function PricingPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Pricing</h1>
      <p className="mt-2 text-slate-600">Start free. Pay per file, or subscribe for the secure vault.</p>
      <div className="mt-8">
        <PricingCards />
      </div>
    </section>
  );
}
