import BoomerangSerialization

/// The fixed documents of `/html`, `/json`, `/xml`, `/robots.txt`, `/deny`, `/encoding/utf8` and
/// `/forms/post`. Their structure follows httpbin's (the `/json` keys, the `/xml` elements, the
/// form's field names); the words are Boomerang's own.
package enum SampleDocuments {
    package static let html = """
        <!DOCTYPE html>
        <html>
          <head>
            <meta charset="utf-8">
            <title>Boomerang sample page</title>
          </head>
          <body>
            <h1>The Return Flight</h1>
            <div>
              <p>A boomerang leaves the hand spinning, climbs into the wind, leans over as its wings
              lift unevenly, and sweeps round in a wide circle until it comes back to the thrower.
              An HTTP request does much the same here: it goes out, and comes back described.</p>
              <p>This page is served as text/html with a UTF-8 charset, for clients that test their
              HTML handling against a page that never changes.</p>
            </div>
          </body>
        </html>

        """

    /// httpbin's slideshow shape: `slideshow.{author, date, title, slides[{title, type, items?}]}`.
    package static let json: StructuredValue = .object(StructuredObject([
        ("slideshow", .object(StructuredObject([
            ("author", "Boomerang"),
            ("date", "a fixed date"),
            ("slides", .array([
                .object(StructuredObject([("title", "Throwing a request"), ("type", "all")])),
                .object(StructuredObject([
                    ("items", .array(["What <em>goes out</em>", "What <em>comes back</em>"])),
                    ("title", "Overview"),
                    ("type", "all"),
                ])),
            ])),
            ("title", "Sample slide show"),
        ]))),
    ]))

    package static let xml = """
        <?xml version='1.0' encoding='us-ascii'?>

        <!--  A sample slide show  -->

        <slideshow
            title="Sample slide show"
            date="a fixed date"
            author="Boomerang"
            >

            <!-- TITLE SLIDE -->
            <slide type="all">
              <title>Throwing a request</title>
            </slide>

            <!-- OVERVIEW -->
            <slide type="all">
                <title>Overview</title>
                <item>What <em>goes out</em></item>
                <item/>
                <item>What <em>comes back</em></item>
            </slide>

        </slideshow>
        """

    package static let robots = "User-agent: *\nDisallow: /deny\n"

    package static let deny = """

          .-------------------------------.
          |  robots.txt asked you not to  |
          |  come here. Back you go.      |
          '-------------------------------'

        """

    package static let utf8 = """
        <!DOCTYPE html>
        <html>
        <head><meta charset="utf-8"><title>UTF-8 sample</title></head>
        <body>
        <h1>UTF-8 encoded sample text</h1>
        <pre>
        Latin and accents:   àéîõü ÀÉÎÕÜ ß ø å æ œ ñ ç
        Greek:               Καλημέρα κόσμε
        Cyrillic:            Здравствуй, мир
        Hebrew (RTL):        שלום עולם
        Arabic (RTL):        مرحبا بالعالم
        Devanagari:          नमस्ते दुनिया
        Chinese:             你好，世界
        Japanese:            こんにちは世界 カタカナ
        Korean:              안녕하세요 세계
        Thai:                สวัสดีชาวโลก
        Mathematics:         ∀x∈ℝ: ⌈x⌉ ≥ x, ∑ᵢ 2⁻ⁱ = 1, √2 ≈ 1.414, ∞ ≠ ∅
        Arrows and boxes:    ← ↑ → ↓ ↔ ┌─┬─┐ │ │ │ └─┴─┘
        Currency:            € £ ¥ ₹ ₩ ₿ ¢
        Emoji (4 bytes):     🪃 🚀 🎉 👩🏽‍💻
        Combining marks:     e\u{301} a\u{308} n\u{303}
        </pre>
        </body>
        </html>

        """

    package static let formsPost = """
        <!DOCTYPE html>
        <html>
        <head><meta charset="utf-8"><title>Order form</title></head>
        <body>
        <form method="post" action="/post">
          <p><label>Customer name: <input name="custname"></label></p>
          <p><label>Telephone: <input type="tel" name="custtel"></label></p>
          <p><label>E-mail address: <input type="email" name="custemail"></label></p>
          <fieldset>
            <legend>Size</legend>
            <p><label><input type="radio" name="size" value="small"> Small</label></p>
            <p><label><input type="radio" name="size" value="medium"> Medium</label></p>
            <p><label><input type="radio" name="size" value="large"> Large</label></p>
          </fieldset>
          <fieldset>
            <legend>Toppings</legend>
            <p><label><input type="checkbox" name="topping" value="bacon"> Bacon</label></p>
            <p><label><input type="checkbox" name="topping" value="cheese"> Extra cheese</label></p>
            <p><label><input type="checkbox" name="topping" value="onion"> Onion</label></p>
            <p><label><input type="checkbox" name="topping" value="mushroom"> Mushroom</label></p>
          </fieldset>
          <p><label>Preferred delivery time: <input type="time" min="11:00" max="21:00" step="900" name="delivery"></label></p>
          <p><label>Delivery instructions: <textarea name="comments"></textarea></label></p>
          <p><button>Submit order</button></p>
        </form>
        </body>
        </html>

        """
}
