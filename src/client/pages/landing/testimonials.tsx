import { TESTIMONIALS } from "./content.ts";

const STAR = "M12 2l3 6.5 7 .8-5.2 4.8 1.5 6.9L12 17.5 5.7 21l1.5-6.9L2 9.3l7-.8z";

function FiveStars() {
  return (
    <span className="stars" role="img" aria-label="5 out of 5 stars">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

export function Testimonials() {
  return (
    <section id="testimonials" className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <hgroup className="section-head">
          <h2 id="testimonials-title">What Members Say</h2>
          <p>Travellers from around the Triangle, booking for less.</p>
        </hgroup>
        <div className="testimonials">
          {TESTIMONIALS.map((item) => (
            <figure key={item.author} className="testimonial">
              <FiveStars />
              <blockquote>{item.quote}</blockquote>
              <figcaption>
                <strong>{item.author}</strong>
                <span>{item.location}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
