//! Natural order for codes and enumerations (`A.2` before `A.10`): the framework graph's, so
//! that the export and the tree agree.

pub use cairn_graph::natural_cmp;
