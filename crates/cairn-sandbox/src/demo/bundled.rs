//! The real CASE packages bundled with the sandbox (OpenSALT samples, MIT licence; see
//! `assets/frameworks/README.md`), each of which imports cleanly.

/// (file name, bytes) of every bundled package, for [`import_package`](super::import_package).
pub fn bundled_packages() -> Vec<(&'static str, &'static [u8])> {
    macro_rules! package {
        ($name:literal) => {
            ($name, include_bytes!(concat!("../../../../assets/frameworks/", $name)).as_slice())
        };
    }
    vec![
        package!("ccss-math-asn-draft-2017.json"),
        package!("act-holistic-math-excerpt-ordering.json"),
        package!("opensalt-ordering-sequence-numbers.json"),
        package!("opensalt-what-standards-could-be-crosswalk.json"),
        package!("opensalt-markdown-latex.json"),
        package!("opensalt-utf8-astral.json"),
    ]
}
