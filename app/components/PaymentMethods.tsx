// Fetched as a file, not inlined into the script as a data URL: the product page's JavaScript budget.
import paymentMethods from '../assets/payment-methods.svg?no-inline';

/** The strip of accepted payment methods, in the footer and under the product page's buy buttons. */
export function PaymentMethods({ className = '' }: { className?: string }) {
  return (
    <img
      src={paymentMethods}
      alt="Accepted payment methods: UPI, RuPay, Visa, Mastercard, wallets, cash on delivery"
      width={360}
      height={40}
      loading="lazy"
      className={`h-8 w-auto ${className}`}
    />
  );
}
