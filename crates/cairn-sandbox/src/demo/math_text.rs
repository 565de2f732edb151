//! The words of the generated mathematics framework: grade levels and high-school
//! categories, their domains (with Spanish titles and concepts), topics, and the sentence
//! patterns statements are made from.

/// A domain: code, English and Spanish titles, concept index (see [`CONCEPTS`]) and topics.
#[derive(Debug)]
pub(crate) struct Domain {
    /// Code (`OA`, `SSE`).
    pub(crate) code: &'static str,
    /// Title.
    pub(crate) title: &'static str,
    /// Spanish title.
    pub(crate) spanish: &'static str,
    /// Index into [`CONCEPTS`] (a second-level concept).
    pub(crate) concept: usize,
    /// Topics statements are about.
    pub(crate) topics: &'static [&'static str],
}

/// A top-level item: a grade, or a high-school conceptual category.
#[derive(Debug)]
pub(crate) struct Top {
    /// Coding prefix (`3`, `K`, `HSA`).
    pub(crate) code: &'static str,
    /// Title.
    pub(crate) title: &'static str,
    /// Spanish title.
    pub(crate) spanish: &'static str,
    /// Education levels (CEDS grade codes).
    pub(crate) levels: &'static [&'static str],
    /// Domain codes, in order.
    pub(crate) domains: &'static [&'static str],
    /// Phrases that fix the number range or context of the grade.
    pub(crate) context: &'static [&'static str],
    /// Models and representations used at this level.
    pub(crate) models: &'static [&'static str],
}

/// The top-level items, in order. The last one (Modeling) has no domains: high-school
/// standards marked as modeling standards are associated to it with `isPartOf`.
pub(crate) const TOPS: &[Top] = &[
    Top {
        code: "K",
        title: "Kindergarten",
        spanish: "Kínder",
        levels: &["KG"],
        domains: &["CC", "OA", "NBT", "MD", "G"],
        context: &["within 10", "with objects and drawings", "up to 20"],
        models: &["objects", "fingers", "drawings", "ten frames"],
    },
    Top {
        code: "1",
        title: "Grade 1",
        spanish: "Primer grado",
        levels: &["01"],
        domains: &["OA", "NBT", "MD", "G"],
        context: &["within 20", "within 100", "using tens and ones"],
        models: &["objects", "drawings", "number lines", "ten frames"],
    },
    Top {
        code: "2",
        title: "Grade 2",
        spanish: "Segundo grado",
        levels: &["02"],
        domains: &["OA", "NBT", "MD", "G"],
        context: &["within 100", "within 1000", "using place value"],
        models: &["drawings", "number lines", "base-ten blocks", "bar graphs"],
    },
    Top {
        code: "3",
        title: "Grade 3",
        spanish: "Tercer grado",
        levels: &["03"],
        domains: &["OA", "NBT", "NF", "MD", "G"],
        context: &["within 100", "within 1000", "with whole numbers"],
        models: &["arrays", "area models", "number lines", "equal groups"],
    },
    Top {
        code: "4",
        title: "Grade 4",
        spanish: "Cuarto grado",
        levels: &["04"],
        domains: &["OA", "NBT", "NF", "MD", "G"],
        context: &["with multi-digit whole numbers", "up to 1,000,000", "with like denominators"],
        models: &["area models", "number lines", "visual fraction models", "equations"],
    },
    Top {
        code: "5",
        title: "Grade 5",
        spanish: "Quinto grado",
        levels: &["05"],
        domains: &["OA", "NBT", "NF", "MD", "G"],
        context: &["with decimals to hundredths", "with unlike denominators", "in the coordinate plane"],
        models: &["visual fraction models", "place value charts", "equations", "line plots"],
    },
    Top {
        code: "6",
        title: "Grade 6",
        spanish: "Sexto grado",
        levels: &["06"],
        domains: &["RP", "NS", "EE", "G", "SP"],
        context: &["with rational numbers", "in real-world contexts", "using variables"],
        models: &["tables", "double number lines", "tape diagrams", "equations"],
    },
    Top {
        code: "7",
        title: "Grade 7",
        spanish: "Séptimo grado",
        levels: &["07"],
        domains: &["RP", "NS", "EE", "G", "SP"],
        context: &["with rational numbers", "in multistep problems", "with proportional relationships"],
        models: &["tables", "graphs", "equations", "scale drawings"],
    },
    Top {
        code: "8",
        title: "Grade 8",
        spanish: "Octavo grado",
        levels: &["08"],
        domains: &["NS", "EE", "F", "G", "SP"],
        context: &["with irrational numbers", "in bivariate data", "with linear equations"],
        models: &["graphs", "tables", "equations", "scatter plots"],
    },
    Top {
        code: "HSN",
        title: "High School: Number and Quantity",
        spanish: "Escuela secundaria: Número y cantidad",
        levels: &["09", "10", "11", "12"],
        domains: &["RN", "Q", "CN", "VM"],
        context: &["with real and complex numbers", "in modeling situations", "with units"],
        models: &["algebraic expressions", "vectors", "matrices", "technology"],
    },
    Top {
        code: "HSA",
        title: "High School: Algebra",
        spanish: "Escuela secundaria: Álgebra",
        levels: &["09", "10", "11", "12"],
        domains: &["SSE", "APR", "CED", "REI"],
        context: &["with polynomial and rational expressions", "in one and two variables", "over the reals"],
        models: &["graphs", "tables", "algebraic expressions", "technology"],
    },
    Top {
        code: "HSF",
        title: "High School: Functions",
        spanish: "Escuela secundaria: Funciones",
        levels: &["09", "10", "11", "12"],
        domains: &["IF", "BF", "LE", "TF"],
        context: &["defined by graphs, tables and formulas", "in context", "over intervals"],
        models: &["graphs", "tables", "function notation", "technology"],
    },
    Top {
        code: "HSG",
        title: "High School: Geometry",
        spanish: "Escuela secundaria: Geometría",
        levels: &["09", "10", "11", "12"],
        domains: &["CO", "SRT", "C", "GPE", "GMD", "MG"],
        context: &["in the plane", "using coordinates", "in three dimensions"],
        models: &["geometric constructions", "dynamic geometry software", "coordinates", "proofs"],
    },
    Top {
        code: "HSS",
        title: "High School: Statistics and Probability",
        spanish: "Escuela secundaria: Estadística y probabilidad",
        levels: &["09", "10", "11", "12"],
        domains: &["ID", "IC", "CP", "MD"],
        context: &["from samples and experiments", "for univariate and bivariate data", "in games of chance"],
        models: &["simulations", "two-way tables", "data displays", "technology"],
    },
    Top {
        code: "HSM",
        title: "High School: Modeling",
        spanish: "Escuela secundaria: Modelización",
        levels: &["09", "10", "11", "12"],
        domains: &[],
        context: &[],
        models: &[],
    },
];

/// Domains by code. Codes repeat across grades with the same topics.
pub(crate) const DOMAINS: &[Domain] = &[
    Domain {
        code: "CC",
        title: "Counting and Cardinality",
        spanish: "Conteo y cardinalidad",
        concept: 0,
        topics: &[
            "counting sequences",
            "number names",
            "comparing numbers",
            "counting to tell how many",
            "writing numerals",
            "one-to-one correspondence",
        ],
    },
    Domain {
        code: "OA",
        title: "Operations and Algebraic Thinking",
        spanish: "Operaciones y pensamiento algebraico",
        concept: 5,
        topics: &[
            "addition and subtraction",
            "multiplication and division",
            "properties of operations",
            "patterns in arithmetic",
            "equal groups and arrays",
            "factors and multiples",
            "two-step word problems",
            "numerical expressions",
        ],
    },
    Domain {
        code: "NBT",
        title: "Number and Operations in Base Ten",
        spanish: "Números y operaciones en base diez",
        concept: 1,
        topics: &[
            "place value",
            "rounding",
            "multi-digit addition and subtraction",
            "multi-digit multiplication",
            "division with remainders",
            "decimal place value",
            "powers of ten",
        ],
    },
    Domain {
        code: "NF",
        title: "Number and Operations—Fractions",
        spanish: "Números y operaciones: fracciones",
        concept: 2,
        topics: &[
            "unit fractions",
            "equivalent fractions",
            "comparing fractions",
            "adding and subtracting fractions",
            "multiplying fractions",
            "decimal fractions",
            "fractions on a number line",
        ],
    },
    Domain {
        code: "MD",
        title: "Measurement and Data",
        spanish: "Medición y datos",
        concept: 10,
        topics: &[
            "length measurement",
            "time and money",
            "area and perimeter",
            "volume",
            "line plots",
            "angle measurement",
            "picture and bar graphs",
            "unit conversions",
        ],
    },
    Domain {
        code: "G",
        title: "Geometry",
        spanish: "Geometría",
        concept: 9,
        topics: &[
            "two-dimensional shapes",
            "three-dimensional figures",
            "partitioning shapes",
            "lines and angles",
            "classifying shapes",
            "the coordinate plane",
            "surface area",
            "transformations",
            "the Pythagorean theorem",
        ],
    },
    Domain {
        code: "RP",
        title: "Ratios and Proportional Relationships",
        spanish: "Razones y relaciones proporcionales",
        concept: 6,
        topics: &["ratios", "unit rates", "percents", "proportional relationships", "scale factors", "ratio tables"],
    },
    Domain {
        code: "NS",
        title: "The Number System",
        spanish: "El sistema numérico",
        concept: 3,
        topics: &[
            "division of fractions",
            "negative numbers",
            "absolute value",
            "operations with rational numbers",
            "irrational numbers",
            "greatest common factor",
            "the number line",
        ],
    },
    Domain {
        code: "EE",
        title: "Expressions and Equations",
        spanish: "Expresiones y ecuaciones",
        concept: 7,
        topics: &[
            "algebraic expressions",
            "one-variable equations",
            "inequalities",
            "exponents",
            "scientific notation",
            "systems of linear equations",
            "equivalent expressions",
        ],
    },
    Domain {
        code: "F",
        title: "Functions",
        spanish: "Funciones",
        concept: 8,
        topics: &["functions as rules", "linear functions", "rate of change", "comparing functions", "function graphs"],
    },
    Domain {
        code: "SP",
        title: "Statistics and Probability",
        spanish: "Estadística y probabilidad",
        concept: 12,
        topics: &[
            "statistical questions",
            "measures of center",
            "variability",
            "random sampling",
            "probability models",
            "bivariate data",
            "compound events",
        ],
    },
    Domain {
        code: "RN",
        title: "The Real Number System",
        spanish: "El sistema de los números reales",
        concept: 4,
        topics: &["rational exponents", "properties of rational and irrational numbers", "radicals"],
    },
    Domain {
        code: "Q",
        title: "Quantities",
        spanish: "Cantidades",
        concept: 10,
        topics: &["units in problem solving", "levels of accuracy", "descriptive modeling quantities"],
    },
    Domain {
        code: "CN",
        title: "The Complex Number System",
        spanish: "El sistema de los números complejos",
        concept: 4,
        topics: &["complex numbers", "complex arithmetic", "complex solutions of polynomial equations"],
    },
    Domain {
        code: "VM",
        title: "Vector and Matrix Quantities",
        spanish: "Cantidades vectoriales y matriciales",
        concept: 4,
        topics: &["vectors", "vector operations", "matrices", "matrix operations"],
    },
    Domain {
        code: "SSE",
        title: "Seeing Structure in Expressions",
        spanish: "Ver la estructura de las expresiones",
        concept: 7,
        topics: &["the structure of expressions", "factoring", "completing the square", "geometric series"],
    },
    Domain {
        code: "APR",
        title: "Arithmetic with Polynomials and Rational Expressions",
        spanish: "Aritmética con polinomios y expresiones racionales",
        concept: 7,
        topics: &["polynomial arithmetic", "zeros of polynomials", "polynomial identities", "rational expressions"],
    },
    Domain {
        code: "CED",
        title: "Creating Equations",
        spanish: "Crear ecuaciones",
        concept: 7,
        topics: &["equations in one variable", "equations in two variables", "constraints", "literal equations"],
    },
    Domain {
        code: "REI",
        title: "Reasoning with Equations and Inequalities",
        spanish: "Razonar con ecuaciones e inecuaciones",
        concept: 7,
        topics: &[
            "solving equations as reasoning",
            "quadratic equations",
            "systems of equations",
            "graphs of equations and inequalities",
        ],
    },
    Domain {
        code: "IF",
        title: "Interpreting Functions",
        spanish: "Interpretar funciones",
        concept: 8,
        topics: &[
            "function notation",
            "key features of graphs",
            "average rate of change",
            "equivalent forms of functions",
        ],
    },
    Domain {
        code: "BF",
        title: "Building Functions",
        spanish: "Construir funciones",
        concept: 8,
        topics: &[
            "functions that model relationships",
            "transformations of functions",
            "inverse functions",
            "arithmetic and geometric sequences",
        ],
    },
    Domain {
        code: "LE",
        title: "Linear, Quadratic, and Exponential Models",
        spanish: "Modelos lineales, cuadráticos y exponenciales",
        concept: 8,
        topics: &["linear and exponential growth", "exponential models", "parameters in context"],
    },
    Domain {
        code: "TF",
        title: "Trigonometric Functions",
        spanish: "Funciones trigonométricas",
        concept: 8,
        topics: &["radian measure", "the unit circle", "periodic phenomena", "trigonometric identities"],
    },
    Domain {
        code: "CO",
        title: "Congruence",
        spanish: "Congruencia",
        concept: 11,
        topics: &["rigid motions", "congruence criteria", "geometric theorems", "constructions"],
    },
    Domain {
        code: "SRT",
        title: "Similarity, Right Triangles, and Trigonometry",
        spanish: "Semejanza, triángulos rectángulos y trigonometría",
        concept: 11,
        topics: &["dilations", "similar triangles", "right triangle trigonometry", "the laws of sines and cosines"],
    },
    Domain {
        code: "C",
        title: "Circles",
        spanish: "Círculos",
        concept: 9,
        topics: &["properties of circles", "arc length", "sectors", "inscribed angles"],
    },
    Domain {
        code: "GPE",
        title: "Expressing Geometric Properties with Equations",
        spanish: "Expresar propiedades geométricas con ecuaciones",
        concept: 11,
        topics: &["equations of conic sections", "coordinate proofs", "slopes of parallel and perpendicular lines"],
    },
    Domain {
        code: "GMD",
        title: "Geometric Measurement and Dimension",
        spanish: "Medición geométrica y dimensión",
        concept: 10,
        topics: &["volume formulas", "cross-sections", "Cavalieri's principle"],
    },
    Domain {
        code: "MG",
        title: "Modeling with Geometry",
        spanish: "Modelización con geometría",
        concept: 9,
        topics: &["geometric shapes as models", "density", "design problems"],
    },
    Domain {
        code: "ID",
        title: "Interpreting Categorical and Quantitative Data",
        spanish: "Interpretar datos categóricos y cuantitativos",
        concept: 12,
        topics: &["data distributions", "two-way frequency tables", "linear models of data", "correlation"],
    },
    Domain {
        code: "IC",
        title: "Making Inferences and Justifying Conclusions",
        spanish: "Hacer inferencias y justificar conclusiones",
        concept: 13,
        topics: &["random processes", "sample surveys", "margin of error", "randomized experiments"],
    },
    Domain {
        code: "CP",
        title: "Conditional Probability and the Rules of Probability",
        spanish: "Probabilidad condicional y reglas de la probabilidad",
        concept: 13,
        topics: &["independence", "conditional probability", "the addition rule", "sample spaces"],
    },
    Domain {
        code: "MD",
        title: "Using Probability to Make Decisions",
        spanish: "Usar la probabilidad para tomar decisiones",
        concept: 13,
        topics: &["expected value", "probability distributions", "fair decisions"],
    },
];

/// Concepts: (hierarchy code, title, keywords).
pub(crate) const CONCEPTS: &[(&str, &str, &str)] = &[
    ("1.1", "Counting and cardinality", "counting, cardinality"),
    ("1.2", "Place value", "place value, base ten"),
    ("1.3", "Fractions", "fractions, equivalence"),
    ("1.4", "Rational numbers", "integers, rational numbers"),
    ("1.5", "Real and complex numbers", "irrational, complex"),
    ("2.1", "Operations and patterns", "operations, patterns"),
    ("2.2", "Ratios and rates", "ratio, rate, proportion"),
    ("2.3", "Expressions and equations", "expressions, equations, inequalities"),
    ("2.4", "Functions", "function, model"),
    ("3.1", "Shapes and figures", "shapes, attributes"),
    ("3.2", "Measurement", "measurement, units"),
    ("3.3", "Transformations and proof", "congruence, similarity, proof"),
    ("4.1", "Data representation", "data, graphs, distributions"),
    ("4.2", "Probability and inference", "probability, inference"),
];

/// Top-level concepts: (hierarchy code, title, keywords).
pub(crate) const CONCEPT_ROOTS: &[(&str, &str, &str)] = &[
    ("1", "Number and quantity", "number, quantity"),
    ("2", "Algebraic reasoning", "algebra, reasoning"),
    ("3", "Geometry and measurement", "geometry, measurement"),
    ("4", "Data and chance", "statistics, probability"),
];

/// Subjects: (hierarchy code, title).
pub(crate) const SUBJECTS: &[(&str, &str)] = &[
    ("1", "Mathematics"),
    ("1.1", "Number and Operations"),
    ("1.2", "Algebra and Functions"),
    ("1.3", "Geometry and Measurement"),
    ("1.4", "Statistics and Probability"),
];

/// The sub-subject (index into [`SUBJECTS`]) of a concept's root (`1` to `4`).
pub(crate) fn subject_of_concept(concept: usize) -> usize {
    CONCEPTS.get(concept).and_then(|(code, _, _)| code.split('.').next()).and_then(|c| c.parse().ok()).unwrap_or(1)
}

/// Cluster headings; `{t}` is a topic.
pub(crate) const CLUSTER_PATTERNS: &[&str] = &[
    "Understand {t}.",
    "Represent and solve problems involving {t}.",
    "Use {t} to solve real-world and mathematical problems.",
    "Analyze and interpret {t}.",
    "Build fluency with {t}.",
    "Reason about {t} and explain strategies.",
    "Extend understanding of {t}.",
];

/// Standard statements; `{t}` topic, `{c}` context, `{m}` a model.
pub(crate) const STANDARD_PATTERNS: &[&str] = &[
    "Solve real-world and mathematical problems involving {t} {c}, using {m} and equations with a symbol for the unknown.",
    "Use {m} to represent {t} {c}, and explain the reasoning behind each step.",
    "Explain why strategies for {t} work, using properties of operations and the relationships between quantities.",
    "Fluently apply {t} {c}, choosing efficient and accurate strategies.",
    "Compare quantities involving {t} {c}, and record the results with symbols and words.",
    "Interpret {t} in context and connect the interpretation to {m}.",
    "Create and analyze representations of {t}, including {m}.",
    "Identify and describe patterns in {t} {c}, and make conjectures about them.",
    "Apply {t} to solve multi-step problems {c}, and assess the reasonableness of answers.",
    "Justify conclusions about {t} {c}, and communicate them precisely to others.",
    "Model situations involving {t} with {m}, and revise the model when it does not fit.",
    "Recognize and generate equivalent forms of {t} {c}.",
];

/// Component statements (after `a.`, `b.`...).
pub(crate) const COMPONENT_PATTERNS: &[&str] = &[
    "Represent {t} using {m}.",
    "Recognize when two representations of {t} are equivalent, and explain why.",
    "Describe the structure of {t} in words and symbols.",
    "Estimate results involving {t} before calculating, and compare the estimate with the result.",
    "Use {m} to check solutions involving {t}.",
    "Explain errors in worked examples involving {t}.",
    "Connect {t} to previously learned ideas.",
];

/// Example tasks.
pub(crate) const EXAMPLE_PATTERNS: &[&str] = &[
    "Example: Students use {m} to solve a problem about {t} {c}, then compare two solution strategies.",
    "Example: A class garden is being planned; students apply {t} {c} to decide how to divide the space.",
    "Example: Given a worked solution involving {t} that contains one error, students find and correct it.",
];

/// Achievement levels: (title, quality, pattern).
pub(crate) const LEVELS: &[(&str, &str, &str)] = &[
    ("Level 1", "Beginning", "With support, the student begins to work with {t} {c}, making frequent errors."),
    ("Level 2", "Developing", "The student works with {t} {c} in familiar problems, with some errors in reasoning."),
    ("Level 3", "Proficient", "The student consistently and accurately works with {t} {c} and explains the reasoning."),
    (
        "Level 4",
        "Advanced",
        "The student works flexibly with {t} {c} and extends the reasoning to unfamiliar problems.",
    ),
];

/// Fills a pattern.
pub(crate) fn fill(pattern: &str, topic: &str, context: &str, model: &str) -> String {
    let text = pattern.replace("{t}", topic).replace("{c}", context).replace("{m}", model);
    text.replace(" ,", ",").replace("  ", " ").replace(" .", ".")
}

/// Upper-cases the first letter.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The domain with `code` as it appears under `top` (`MD` differs between grades and HSS).
pub(crate) fn domain(top: &Top, code: &str) -> Option<&'static Domain> {
    let high_school_stats = top.code == "HSS";
    DOMAINS.iter().filter(|d| d.code == code).nth(usize::from(high_school_stats && code == "MD"))
}
