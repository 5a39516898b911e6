//! The words that tell what a message asks for, in English and Spanish
//! (normalised: lowercase, no accents). Single words are also matched by
//! stem ([`super::words::Text::has_stem`]); phrases as whole words.

/// Asking for something to be made: a plan, a menu.
pub const CREATE: &[&str] = &[
    "put together", "come up with", "draw up", "set me up", "set up", "organize", "organise",
    "write", "elaborar", "disenar", "disename", "monta", "montame",
    "create", "make", "generate", "build", "new", "another", "give", "prepare", "plan my",
    "set up", "design", "crea", "crear", "creame", "genera", "generar", "generame", "hazme", "haz",
    "hacer", "dame", "nuevo", "nueva", "otro", "prepara", "preparame", "armame", "arma",
    "planifica", "organiza", "elabora",
];

/// What a plan is called.
pub const PLAN: &[&str] = &[
    "plan", "plans", "meal plan", "menu", "menus", "planning", "diet plan", "planificacion",
    "dieta semanal", "menu semanal", "plan semanal",
];

/// Asking to see something.
pub const SHOW: &[&str] = &[
    "show", "see", "view", "display", "tell", "list", "what s", "what is", "what are", "whats",
    "muestra", "muestrame", "ensena", "ensename", "ver", "dime", "cual", "cuales", "que hay",
    "que toca", "que tengo",
];

/// Asking what a meal or day holds.
pub const SHOW_MEALS: &[&str] = &[
    "what s for", "what is for", "what do i eat", "what do i have", "what am i eating",
    "what am i having", "am i having", "what should i eat", "what will i eat", "que como",
    "que ceno", "que desayuno", "que almuerzo", "que meriendo", "que hay para", "que hay de",
    "que toca", "que comere", "que voy a comer", "que tengo para", "que ceno", "que voy a cenar",
    "que voy a desayunar",
];

/// Asking a meal to become something else ("something with salmon").
pub const SOMETHING: &[&str] = &[
    "something with", "something without", "something lighter", "something light",
    "something healthier", "something smaller", "something high", "algo con", "algo sin",
    "algo mas ligero", "algo ligero", "algo mas sano", "algo con mas",
];

/// Swapping a meal.
pub const REPLACE: &[&str] = &[
    "replace", "swap", "change", "switch", "substitute", "exchange", "cambia", "cambiar",
    "cambiame", "reemplaza", "reemplazar", "sustituye", "sustituir", "intercambia",
];

/// "Something else": the best alternative.
pub const ANYTHING_ELSE: &[&str] = &[
    "something other", "other than", "anything but", "algo que no sea", "otra cosa que no sea",
    "algo distinto a", "instead",
    "something else", "anything else", "something different", "different", "another one",
    "another recipe", "another meal", "otra cosa", "algo distinto", "algo diferente", "otra",
    "otro", "otra receta", "otro plato", "lo que sea",
];

/// Asking for alternatives.
pub const ALTERNATIVES: &[&str] = &[
    "recommend", "recommendation", "recomienda", "recomiendas", "recomiendame", "recomendacion",
    "alternative", "alternatives", "options", "option for", "suggestions", "suggest", "instead of",
    "what else", "alternativa", "alternativas", "opciones", "sugerencias", "sugiere", "sugiereme",
    "que mas", "en vez de", "en lugar de",
];

/// Searching the catalogue.
pub const SEARCH: &[&str] = &[
    "find", "search", "look for", "looking for", "recipe", "recipes", "ideas", "idea",
    "what can i cook", "what can i make", "what could i cook", "what could i make", "busca",
    "buscar", "buscame", "encuentra", "receta", "recetas", "que puedo cocinar",
    "que puedo preparar", "que puedo hacer", "ideas de", "dishes", "platos",
];

/// The shopping list.
pub const SHOPPING: &[&str] = &[
    "shopping list", "shopping", "grocery", "groceries", "grocery list", "what do i need to buy",
    "what should i buy", "what to buy", "buy", "lista de la compra", "lista de compras",
    "lista de compra", "la compra", "compra", "comprar", "que tengo que comprar",
    "que necesito comprar",
];

/// Re-balancing a day.
pub const REBALANCE: &[&str] = &[
    "rebalance", "re balance", "balance", "rebalancea", "reajusta", "reajustar", "equilibra",
    "equilibrar", "fix my day", "fix today", "adjust my day", "adjust the day", "adjust today",
    "recalculate", "ajusta el dia", "ajusta mi dia", "ajusta hoy", "cuadra", "cuadrar",
];

/// What was eaten, what is left.
pub const EATEN: &[&str] = &[
    "how am i doing", "how am i going", "how m i doing", "my progress", "progress today",
    "como voy", "que tal voy", "mi progreso", "como llevo el dia",
    "eaten", "have i eaten", "did i eat", "i ate", "have i had", "consumed", "left today",
    "left for today", "remaining", "how much is left", "what s left", "so far", "he comido",
    "llevo", "me queda", "me quedan", "queda hoy", "quedan hoy", "he consumido", "comi hoy",
    "lo que queda", "cuanto me queda", "hasta ahora",
];

/// Asking about the targets.
pub const TARGETS: &[&str] = &[
    "target", "targets", "goal", "goals", "macros", "how much protein", "how many calories",
    "how many carbs", "how much fat", "how much carbs", "should i eat", "do i need", "need a day",
    "objetivo", "objetivos", "metas", "meta", "macros", "cuanta proteina", "cuantas calorias",
    "cuantos carbohidratos", "cuanta grasa", "debo comer", "deberia comer", "necesito comer",
    "necesito al dia",
];

/// Asking why.
pub const WHY: &[&str] = &[
    "why", "how come", "how did you", "explain", "por que", "porque", "explica", "explicame",
    "de donde",
];

/// The profile.
pub const PROFILE: &[&str] = &[
    "my restrictions", "my allergies", "my tastes", "my diet", "my preferences",
    "mis restricciones", "mis alergias", "mis gustos", "mi dieta", "mis preferencias",
    "my profile", "profile", "what do you know about me", "my data", "my details", "about me",
    "mi perfil", "perfil", "mis datos", "que sabes de mi",
];

/// An allergy or intolerance, followed by what to.
pub const ALLERGY_OPENERS: &[&str] = &[
    "allergic to", "allergy to", "allergies to", "i have an allergy to", "intolerant to",
    "intolerance to", "sensitive to", "alergico a", "alergica a", "alergicos a", "alergicas a",
    "alergia a", "alergia al", "alergias a", "alergico al", "alergica al", "intolerante a",
    "intolerante al", "intolerancia a", "intolerancia al", "sensible a",
];

/// An allergy or intolerance named after the food (`peanut allergy`).
pub const ALLERGY_NOUNS: &[&str] = &[
    "allergy", "allergic", "intolerance", "intolerant", "alergia", "alergico", "alergica",
    "intolerancia", "intolerante",
];

/// A food kept out, followed by the food.
pub const DISLIKE_OPENERS: &[&str] = &[
    "i m not a fan of", "not a fan of", "not a big fan of", "i can t stand", "i can t tolerate",
    "i don t eat any", "i refuse to eat", "i m sick of", "i m tired of", "gross", "yuck",
    "me da asco", "me dan asco", "no soporto", "no me va", "no me van", "me sienta mal",
    "me sientan mal", "no aguanto", "estoy harto de", "estoy harta de", "no tolero",
    "i don t like", "i do not like", "i dislike", "i hate", "i can t eat", "i cannot eat",
    "i can not eat", "i don t eat", "i do not eat", "i won t eat", "i never eat", "i avoid",
    "i can t stand", "i don t want", "i do not want", "i don t want any", "no more", "without",
    "exclude", "remove", "take out", "leave out", "keep out", "avoid", "no", "not", "nothing with",
    "no me gusta", "no me gustan", "no me gusto", "odio", "detesto", "no puedo comer", "no como",
    "no tomo", "no quiero", "no quiero comer", "evito", "sin", "quita", "quitar", "excluye",
    "excluir", "elimina", "nada de", "nada con", "ni",
];

/// A food liked, followed by the food.
pub const LIKE_OPENERS: &[&str] = &[
    "i love", "i like", "i really like", "i prefer", "i enjoy", "i m a fan of", "i adore",
    "me gusta", "me gustan", "me encanta", "me encantan", "prefiero", "me chifla", "me chiflan",
    "adoro", "me fascina",
];

/// Saying what one is (`i m vegan`, `soy vegana`, `sigo una dieta …`).
pub const BEING: &[&str] = &[
    "i m", "i am", "im", "i follow", "i eat", "i went", "i became", "i ve become", "i turned",
    "i have become", "now", "from now on", "as a", "i keep", "i do", "i m now", "i m going",
    "going", "soy", "sigo", "sigo una dieta", "como", "me hice", "me he hecho", "ahora soy",
    "estoy", "hago dieta", "dieta", "diet", "a partir de ahora", "desde hoy",
];

/// Yes.
pub const YES: &[&str] = &[
    "yes", "yeah", "yep", "yup", "sure", "ok", "okay", "go ahead", "do it", "please do",
    "go for it", "confirm", "of course", "alright", "correct", "right", "si", "vale", "claro",
    "dale", "adelante", "hazlo", "de acuerdo", "por supuesto", "confirmo", "venga", "perfecto",
    "sip", "bueno", "please",
];

/// No.
pub const NO: &[&str] = &[
    "no", "nope", "nah", "cancel", "don t", "never mind", "nevermind", "stop", "leave it",
    "not now", "mejor no", "cancela", "cancelar", "dejalo", "olvidalo", "para", "nada",
    "no gracias", "no thanks",
];

/// A greeting.
pub const GREETING: &[&str] = &[
    "hi", "hello", "hey", "hola", "buenas", "buenos dias", "buenas tardes", "buenas noches",
    "good morning", "good evening", "good afternoon", "howdy", "que tal",
];

/// Thanks.
pub const THANKS: &[&str] = &[
    "thanks", "thank you", "gracias", "cheers", "muchas gracias", "perfect", "great", "genial",
    "awesome", "estupendo",
];

/// Asking whether the plan holds something.
pub const CONTAINS: &[&str] = &[
    "is there", "are there", "does my plan have", "does my plan contain", "do i have", "any",
    "anything with", "contain", "contains", "hay", "tiene", "lleva", "llevan", "contiene",
];

/// What a question about the plan points at.
pub const IN_PLAN: &[&str] = &[
    "in my plan", "my plan", "mi plan", "en mi plan", "my meals", "mis comidas", "in my meals",
    "this week", "esta semana",
];

/// Words that carry no food: dropped around food names.
pub const FILLER: &[&str] = &[
    "the", "a", "an", "any", "some", "my", "your", "of", "to", "all", "kind", "kinds", "type",
    "types", "food", "foods", "meat of", "please", "anymore", "at", "very", "really", "much", "so",
    "too", "either", "too much", "stuff", "things", "thing", "in", "it", "them", "that", "this",
    "also", "just", "only", "ever", "again", "el", "la", "los", "las", "un", "una", "unos", "unas",
    "lo", "al", "del", "de", "mi", "mis", "por", "favor", "nada", "mucho", "tampoco", "tambien",
    "comida", "comidas", "alimento", "alimentos", "nunca", "mas", "ya", "porfa", "please", "y",
    "and", "or", "o", "ni", "nor", "e", "u", "with", "con", "is", "are", "either", "en",
    "products", "productos", "eat", "comer", "como", "no", "not", "sin", "without", "nothing",
    "free", "i", "m", "have", "has", "am", "severe", "mild", "bad", "serious", "real", "tengo",
    "tiene", "soy", "grave", "leve", "fuerte", "little", "bit", "poco", "allergic",
    "alergico", "alergica", "intolerant", "intolerante", "eating", "ate", "raw", "crudo",
    "cruda", "fresh", "fresco", "fresca", "this week", "esta semana", "week", "semana", "today",
    "hoy", "esta", "this", "from now on", "for now", "por ahora", "por hoy",
];

/// Where a food list ends (`… to my restrictions`).
pub const FOOD_TAILS: &[&str] = &[
    "to my restrictions", "to my list", "to my profile", "to restrictions", "from my plan",
    "from my diet", "from my meals", "in my plan", "in my diet", "in my meals", "from now on",
    "anymore", "any more", "please", "a mis restricciones", "a mi lista", "a mi perfil",
    "de mi plan", "de mi dieta", "en mi plan", "en mi dieta", "a partir de ahora", "por favor",
    "nunca mas", "is there", "are there", "because", "porque", "so", "asi que", "change", "cambia",
    "replace", "and change", "y cambia", "restriction", "restrictions", "restriccion",
    "restricciones", "add", "anade", "agrega", "if", "si",
];

/// Taste names (the predefined tastes), with their other words.
pub const TASTES: &[(&str, &str)] = &[
    ("spicy", "spicy"),
    ("hot", "spicy"),
    ("picante", "spicy"),
    ("picantes", "spicy"),
    ("picoso", "spicy"),
    ("sweet", "sweet"),
    ("dulce", "sweet"),
    ("dulces", "sweet"),
    ("savory", "savory"),
    ("savoury", "savory"),
    ("salty", "savory"),
    ("salado", "savory"),
    ("salados", "savory"),
    ("sour", "sour"),
    ("agrio", "sour"),
    ("acido", "sour"),
    ("bitter", "bitter"),
    ("amargo", "bitter"),
    ("umami", "umami"),
];

/// Losing, keeping and gaining weight.
pub const LOSE: &[&str] = &[
    "lose weight", "lose fat", "lose some weight", "slim down", "get lean", "get leaner", "i m cutting",
    "cutting", "weight loss", "drop weight", "shed weight", "shed some weight", "perder peso", "bajar de peso", "adelgazar",
    "perder grasa", "bajar peso", "perder kilos", "fase de definicion", "quemar grasa",
];
/// See [`LOSE`].
pub const GAIN: &[&str] = &[
    "gain weight", "gain muscle", "gain mass", "build muscle", "bulk", "bulking", "put on weight",
    "put on muscle", "get bigger", "weight gain", "ganar peso", "ganar masa", "ganar musculo",
    "subir de peso", "engordar", "aumentar peso", "hacer volumen", "fase de volumen", "coger peso", "ganar masa muscular",
];
/// See [`LOSE`].
pub const MAINTAIN: &[&str] = &[
    "maintain", "maintain weight", "maintain my weight", "keep my weight", "stay the same",
    "mantener", "mantener peso", "mantener mi peso", "mantenerme",
];

/// Activity words.
pub const ACTIVITY: &[&str] = &[
    "train", "training", "exercise", "workout", "work out", "gym", "run", "running", "sport",
    "sports", "active", "sedentary", "athlete", "lift", "cycling", "swim", "entreno", "entrenar",
    "entrenamiento", "ejercicio", "deporte", "gimnasio", "gym", "corro", "correr", "activo",
    "activa", "sedentario", "sedentaria", "atleta", "muevo", "camino",
];

/// Saying a meal was eaten (a meal named, or a verb that names it).
pub const ATE: &[&str] = &[
    "had", "ate", "eaten", "finished", "already", "comi", "desayune", "cene", "almorce",
    "merende", "desayunado", "cenado", "almorzado", "merendado",
    "i ate", "i ve eaten", "i have eaten", "i had", "i ve had", "i have had", "just ate",
    "just had", "i finished", "finished my", "done with", "mark", "tick", "ticked", "check off",
    "ya he", "ya comi", "he desayunado", "he almorzado", "he cenado", "he merendado",
    "ya desayune", "ya cene", "ya almorce", "ya merende", "marca", "me he comido", "me comi",
    "acabo de", "ya tome",
];

/// Diets that are not rules about ingredients, with the diet type that
/// comes closest (none: nothing to offer).
pub const NOT_RULES: &[(&str, Option<&str>)] = &[
    ("keto", Some("low_carb")),
    ("ketogenic", Some("low_carb")),
    ("cetogenica", Some("low_carb")),
    ("atkins", Some("low_carb")),
    ("paleo", None),
    ("whole30", None),
    ("fodmap", None),
    ("mediterranean", None),
    ("mediterranea", None),
    ("diabetic", None),
    ("diabetico", None),
    ("diabetica", None),
];

/// Words that join two requests in one sentence.
pub const JOINS: &[&str] = &[
    "and", "y", "e", "but", "pero", "also", "tambien", "ademas", "then", "luego", "plus",
    "and then", "y luego", "y ademas",
];

/// Common words that are neither keywords nor foods, kept as written.
pub const COMMON: &[&str] = &[
    "pero", "porque", "cuando", "donde", "entonces", "luego", "despues", "antes", "ahora",
    "siempre", "nunca", "bien", "mal", "bueno", "malo", "esto", "eso", "algo", "nada", "todo",
    "gracias", "hola", "adios", "because", "when", "where", "then", "after", "before", "always",
    "never", "well", "good", "great", "nice", "actually", "maybe", "quizas", "tal", "vez",
    "really", "just", "still", "todavia", "aun", "about", "sobre", "semana", "week", "weekend",
    "finde", "dia", "dias", "day", "days", "doing", "going", "make", "made", "hecho", "haber",
    "would", "could", "should", "puedes", "podrias", "quiero", "quieres", "tengo", "tienes",
    "estoy", "esta", "estan", "somos", "eres", "soy", "puedo", "hago", "haces", "hacer",
    "mido", "mides", "altura", "estatura", "height", "tall", "metros", "metro", "meters",
    "merendar", "cenar", "desayunar", "almorzar", "comer", "recomiendas", "recomienda",
    "cambies", "crees", "generes", "toques", "hagas", "reemplaces", "sustituyas", "falta",
];

/// Little or no exercise.
pub const ACTIVITY_LOW: &[&str] = &[
    "sedentary", "sedentario", "sedentaria", "don t exercise", "do not exercise", "no exercise",
    "never exercise", "don t train", "no hago ejercicio", "no hago deporte", "no entreno",
    "desk job", "poco activo", "poco activa", "not active", "not very active", "rarely", "barely",
];

/// Training most days or hard.
pub const ACTIVITY_HIGH: &[&str] = &[
    "twice a day", "two times a day", "dos veces al dia", "every day", "daily", "todos los dias",
    "a diario", "very active", "muy activo", "muy activa", "athlete", "atleta", "intense", "a lot",
    "mucho", "hours a day", "horas al dia", "cada dia", "professional",
];

/// Some exercise.
pub const ACTIVITY_MEDIUM: &[&str] = &[
    "moderately", "moderate", "moderado", "moderada", "sometimes", "a veces", "a few times",
    "algunas veces", "i m active", "i am active", "fairly active", "quite active", "somewhat active",
    "soy activo", "soy activa", "bastante activo", "bastante activa", "gym", "gimnasio",
];

/// Other people: what is said of them is not the user's own profile.
pub const OTHERS: &[&str] = &[
    "friend", "friends", "guest", "guests", "partner", "wife", "husband", "son", "daughter", "kid",
    "kids", "child", "children", "family", "boyfriend", "girlfriend", "mom", "dad", "mother",
    "father", "brother", "sister", "someone", "roommate", "amigo", "amiga", "amigos", "pareja",
    "hijo", "hija", "hijos", "novio", "novia", "familia", "invitado", "invitados", "alguien",
    "madre", "padre", "hermano", "hermana", "mujer", "marido", "esposa", "esposo",
];

/// How often a number counts (`4 times a week`).
pub const WEEKLY: &[&str] = &[
    "times a week", "days a week", "times per week", "days per week", "veces a la semana",
    "dias a la semana", "veces por semana", "dias por semana", "x week", "times week",
];

/// The words of the household reader (relations, the household, ages,
/// measures, sex): known words, so slips are mended towards them.
pub const HOUSEHOLD_WORDS: &[&str] = &[
    "household", "member", "members", "miembro", "miembros", "hogar", "familia", "family",
    "both", "ambos", "everyone", "everybody", "us", "nosotros", "conmigo", "years", "year", "yrs",
    "anos", "ano", "old", "aged", "edad", "mide", "measures", "pesa", "weighs", "tall", "she",
    "he", "her", "his", "him", "ella", "name", "named", "called", "llama", "llamada", "llamado",
    "nombre", "add", "anade", "agrega", "anadir", "agregar", "include", "incluye", "register",
    "registra", "apunta", "lives", "live", "vive", "viven", "eats", "come", "comen", "female",
    "male", "woman", "man", "girl", "boy", "mujer", "hombre", "chica", "chico", "wife", "husband",
    "partner", "girlfriend", "boyfriend", "son", "daughter", "child", "kid", "mother", "mom", "mum",
    "father", "dad", "brother", "sister", "grandmother", "grandma", "grandfather", "grandpa",
    "aunt", "uncle", "niece", "nephew", "cousin", "roommate", "flatmate", "friend", "esposa",
    "esposo", "marido", "pareja", "novia", "novio", "hijo", "hija", "madre", "mama", "padre",
    "papa", "hermano", "hermana", "abuela", "abuelo", "tia", "tio", "sobrina", "sobrino", "primo",
    "prima", "companero", "companera", "amigo", "amiga", "celiac", "celiaca", "celiaco",
    "coeliac", "alergica", "alergico", "tiene", "quien", "quienes", "who", "doesn", "cannot",
    "hates", "odia",
];

/// Every keyword, for mending slips.
pub fn all_words() -> impl Iterator<Item = &'static str> {
    let lists: [&[&str]; 40] = [
        OTHERS, ACTIVITY_LOW, ACTIVITY_HIGH, ACTIVITY_MEDIUM, WEEKLY, SOMETHING, JOINS, COMMON, ATE, CREATE,
        PLAN,
        SHOW,
        SHOW_MEALS,
        REPLACE,
        ANYTHING_ELSE,
        ALTERNATIVES,
        SEARCH,
        SHOPPING,
        REBALANCE,
        EATEN,
        TARGETS,
        WHY,
        PROFILE,
        ALLERGY_OPENERS,
        ALLERGY_NOUNS,
        DISLIKE_OPENERS,
        LIKE_OPENERS,
        BEING,
        YES,
        NO,
        GREETING,
        THANKS,
        CONTAINS,
        IN_PLAN,
        FILLER,
        FOOD_TAILS,
        LOSE,
        GAIN,
        MAINTAIN,
        ACTIVITY,
    ];
    const MORE: &[&str] = &[
        "today",
        "tomorrow",
        "tonight",
        "hoy",
        "manana",
        "breakfast",
        "lunch",
        "dinner",
        "snack",
        "snacks",
        "supper",
        "desayuno",
        "almuerzo",
        "comida",
        "cena",
        "merienda",
        "protein",
        "calories",
        "carbs",
        "fat",
        "proteina",
        "calorias",
        "carbohidratos",
        "grasa",
        "fiber",
        "fibre",
        "minutes",
        "minutos",
        "quick",
        "rapido",
        "rapida",
        "under",
        "menos",
        "week",
        "weekly",
        "semana",
        "semanal",
        "days",
        "dias",
        "vegetarian",
        "vegetariano",
        "vegetariana",
        "vegan",
        "vegano",
        "vegana",
        "pescatarian",
        "pescetariano",
        "pescetariana",
        "weigh",
        "weight",
        "peso",
        "kilos",
        "pounds",
        "meals",
        "what",
        "where",
        "when",
        "which",
        "should",
        "would",
        "could",
        "please",
        "about",
        "there",
        "something",
        "option",
        "opcion",
        "second",
        "first",
        "third",
        "segundo",
        "primero",
        "tercero",
        "segunda",
        "primera",
        "tercera",
        "evening",
        "morning",
        "noche",
        "tarde",
        "have",
        "with",
        "more",
        "less",
        "fewer",
        "higher",
        "lower",
        "increase",
        "reduce",
        "light",
        "lighter",
        "cheap",
        "easy",
        "fast",
        "twice",
        "times",
        "veces",
        "daily",
        "every",
        "todos",
        "todas",
        "think",
        "thing",
        "know",
        "want",
        "quiero",
        "need",
        "necesito",
        "meaning",
        "life",
        "sentido",
        "vida",
        "help",
        "ayuda",
        "this",
        "that",
        "those",
        "these",
        "from",
        "into",
        "over",
        "above",
        "least",
        "most",
        "maximum",
        "minimum",
        "maximo",
        "minimo",
        "hasta",
        "kcal",
        "grams",
        "gramos",
        "high",
        "alto",
        "alta",
        "rich",
        "rica",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "uno",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "once",
        "short",
        "long",
        "whole",
        "entire",
        "todo",
        "toda",
        "otras",
        "otros",
        "having",
        "eating",
        "stuff",
        "things",
        "desayunado", "desayune", "almorzado", "almorce", "cenado", "cene", "merendado",
        "merende", "meriendo", "ate", "eaten", "finished", "ticked", "tick", "mark", "marca",
        "keto", "ketogenic", "paleo", "atkins", "fodmap", "mediterranean", "mediterranea",
        "whole30", "carb", "fibre", "fiber", "lunches", "dinners", "snacks", "breakfasts",
    ];
    lists
        .into_iter()
        .flatten()
        .chain(MORE)
        .chain(HOUSEHOLD_WORDS)
        .chain(&super::lang::DAYS_EN)
        .chain(&super::lang::DAYS_ES)
        .flat_map(|p| p.split(' '))
        .chain(TASTES.iter().map(|(w, _)| *w))
}
