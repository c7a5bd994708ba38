/// The vocabulary the generator draws names from: everyday shop and web
/// words, so that a query such as `coffee` hits a realistic share of records
/// (about 1–2 % of lines) rather than none or all of them.
///
/// Each list holds every word once; how often a word appears follows from the
/// size of its list and how many draws a record makes (see ``RecordGenerator``).
enum WordLists {
    /// Words that describe a product.
    static let adjectives = [
        "organic", "classic", "smart", "compact", "premium", "wireless", "vintage", "rustic", "portable",
        "electric", "stainless", "bamboo", "ceramic", "golden", "silver", "urban", "wild", "tiny", "grand",
        "swift", "quiet", "bright", "nordic", "alpine", "coastal", "midnight", "sunny", "velvet", "copper",
        "cedar", "maple", "arctic", "solar", "pocket", "family", "deluxe", "everyday", "heritage", "modern",
        "retro", "handmade", "artisan", "foldable", "insulated", "cordless", "ergonomic", "waterproof",
        "lightweight", "heavy-duty", "slim", "double", "triple", "mini", "large", "eco", "fresh", "roasted",
        "spiced", "smoky", "crispy",
    ]

    /// Things a shop sells; `coffee` is one of them, as in a general store.
    static let productNouns = [
        "kettle", "grinder", "mug", "lamp", "backpack", "tea", "coffee", "blender", "toaster", "skillet",
        "notebook", "pen", "headphones", "speaker", "charger", "cable", "keyboard", "mouse", "monitor", "desk",
        "chair", "pillow", "blanket", "towel", "candle", "vase", "planter", "hose", "shovel", "rake", "tent",
        "lantern", "sleeping bag", "water bottle", "thermos", "lunchbox", "cutting board", "knife", "spatula",
        "whisk", "colander", "teapot", "honey", "granola", "chocolate", "olive oil", "pasta", "rice", "beans",
        "oats", "almonds", "cookies", "crackers", "jam", "salsa", "hot sauce", "mustard", "vinegar", "spices",
        "soap", "shampoo", "toothbrush", "razor", "sunscreen", "umbrella", "wallet", "watch", "sunglasses",
        "scarf", "gloves", "socks", "sneakers", "boots", "jacket", "hoodie", "yoga mat", "dumbbells",
        "bicycle", "helmet", "skateboard", "puzzle", "board game", "kite", "drone", "camera", "tripod",
        "printer", "router", "tablet", "phone case", "smartwatch", "doorbell", "thermostat", "fan", "heater",
        "humidifier", "vacuum", "iron", "sewing kit", "paint set",
    ]

    /// What follows a product noun: a form, a pack or a model.
    static let productForms = [
        "set", "kit", "pack", "maker", "stand", "pro", "mini", "XL", "bundle", "refill", "classic", "plus",
        "edition", "duo", "travel size", "gift box", "starter kit", "holder", "organizer", "cover",
    ]

    /// Made-up brand names built from plain syllables.
    static let brands = [
        "Acme", "Northwind", "Bluebird", "Keystone", "Riverside", "Oakridge", "Lumen", "Parkway", "Sunburst",
        "Harbor", "Ironwood", "Meadow", "Pinecrest", "Silverline", "Summit", "Trailhead", "Westfield", "Zephyr",
        "Brightside", "Copperfield", "Evergreen", "Foxglove", "Granite", "Hillcrest", "Juniper", "Kestrel",
        "Larkspur", "Moonstone", "Nimbus", "Orchard",
    ]

    /// Product categories.
    static let categories = [
        "kitchen", "outdoors", "office", "audio", "garden", "toys", "books", "beverages", "home", "sports",
        "pantry", "bath", "apparel", "electronics", "tools", "pets",
    ]

    /// The end of a description: who or what the product is for.
    static let uses = [
        "everyday use", "small kitchens", "the office", "travel", "camping", "gifts", "beginners",
        "professionals", "families", "students", "long trips", "rainy days", "the garden", "early mornings",
        "weekend projects", "busy cooks", "hikers", "cyclists", "home baristas", "tea lovers",
    ]

    /// Words that domain names are made of.
    static let domainWords = [
        "blue", "shop", "cloud", "data", "green", "home", "net", "web", "my", "the", "best", "get", "go",
        "app", "hub", "lab", "labs", "dev", "city", "news", "daily", "food", "coffee", "tea", "bike", "travel",
        "photo", "art", "design", "studio", "media", "market", "store", "deals", "smart", "tech", "code",
        "pixel", "star", "sun", "moon", "river", "lake", "hill", "forest", "garden", "house", "kitchen",
        "bakery", "pizza", "burger", "taco", "sushi", "wine", "beer", "juice", "health", "fit", "yoga", "run",
        "pet", "dog", "cat", "kids", "baby", "book", "books", "music", "radio", "film", "game", "games", "play",
        "shop24", "online", "world", "global", "local", "first", "prime", "pro", "plus", "one", "two", "north",
        "south", "east", "west", "urban", "rural", "eco", "solar", "wind", "energy", "auto", "car",
        "cars", "repair", "clean", "fresh", "happy", "lucky", "quick", "easy", "simple", "true",
        "open", "free", "secure", "safe", "mail", "chat", "link", "space", "rocket", "ocean", "island",
        "craft", "supply",
    ]

    /// Top-level domains, the common ones listed more than once.
    static let topLevelDomains = [
        "com", "com", "com", "com", "net", "org", "io", "co", "de", "fr", "uk", "nl", "app", "dev", "shop",
        "store", "xyz", "info", "biz", "me", "tv", "cz", "fi", "se",
    ]

    /// The free-text details a domain record carries.
    static let registrars = [
        "Gandi", "Namecheap", "GoDaddy", "OVH", "Hover", "Porkbun", "Tucows", "IONOS", "Dynadot", "INWX",
    ]

    /// Playing-card ranks with their names.
    static let ranks: [(symbol: String, name: String)] = [
        ("A", "Ace"), ("2", "Two"), ("3", "Three"), ("4", "Four"), ("5", "Five"), ("6", "Six"), ("7", "Seven"),
        ("8", "Eight"), ("9", "Nine"), ("10", "Ten"), ("J", "Jack"), ("Q", "Queen"), ("K", "King"),
    ]

    /// Playing-card suits.
    static let suits = ["spades", "hearts", "diamonds", "clubs"]

    /// Decks a card may come from.
    static let decks = [
        "Bicycle Standard", "Tally-Ho Circle", "Bee Casino", "Fournier 505", "Aviator Poker", "Copag Jumbo",
        "Phoenix Deck", "Piatnik Bridge",
    ]

    /// Dishes, for the records of a kind the search does not know.
    static let dishes = [
        "Iced Coffee", "Coffee Cake", "Tiramisu", "Banana Bread", "Pancakes", "Lentil Soup", "Fried Rice",
        "Pad Thai", "Caesar Salad", "Shakshuka", "Ramen", "Chili", "Granola Bars", "Apple Pie", "Risotto",
        "Tacos", "Falafel", "Curry", "Lasagna", "Omelette", "Gazpacho", "Paella", "Brownies", "Scones",
    ]

    /// How a dish is made.
    static let styles = [
        "Easy", "Vegan", "Quick", "Classic", "Spicy", "Weeknight", "One-Pot", "Grandma's", "Gluten-Free",
        "Slow-Cooker", "Summer", "Holiday",
    ]
}
