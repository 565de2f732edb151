//! Whether each of the four services answers: one GET of a one-record page of a collection
//! every server of that service has (`getAllCFDocuments`, `getAllOrgs`, `getAllCategories`,
//! `getAllResources`), all four at once, with the client's token.

use cairn_client::{Client, ClientError};
use cairn_query::{Paging, Query};
use cairn_spec::Service;
use cairn_spec::operations::{Operation, operation};

/// How one service answered.
#[derive(Debug)]
pub struct ServiceAnswer {
    /// The service.
    pub service: Service,
    /// The operation asked.
    pub operation: &'static str,
    /// The URL asked (no credentials are ever in it).
    pub url: String,
    /// How many records the server says the collection has (`X-Total-Count`), or the error.
    pub answer: Result<Option<u64>, ClientError>,
}

/// The operation a service is probed with.
fn probe_operation(service: Service) -> &'static str {
    match service {
        Service::Competency => "getAllCFDocuments",
        Service::Rostering => "getAllOrgs",
        Service::Gradebook => "getAllCategories",
        Service::Resources => "getAllResources",
    }
}

/// Asks each of `services` for one record, all at once; answers in the order of `services`.
pub async fn probe(client: &Client, services: &[Service]) -> Vec<ServiceAnswer> {
    let mut set = tokio::task::JoinSet::new();
    for (index, service) in services.iter().enumerate() {
        let (client, service) = (client.clone(), *service);
        set.spawn(async move { (index, probe_one(&client, service).await) });
    }
    let mut answers: Vec<(usize, ServiceAnswer)> = Vec::with_capacity(services.len());
    while let Some(joined) = set.join_next().await {
        if let Ok(answer) = joined {
            answers.push(answer);
        }
    }
    answers.sort_by_key(|(index, _)| *index);
    answers.into_iter().map(|(_, answer)| answer).collect()
}

async fn probe_one(client: &Client, service: Service) -> ServiceAnswer {
    let name = probe_operation(service);
    let query = Query { paging: Paging::new(1, 0).unwrap_or_default(), ..Query::default() };
    let Some(op): Option<&'static Operation> = operation(name) else {
        let error = ClientError::UnknownOperation { name };
        return ServiceAnswer { service, operation: name, url: String::new(), answer: Err(error) };
    };
    let url = client.endpoint().url(op, &[], Some(&query)).unwrap_or_default();
    let answer = client.call(op, &[], Some(&query), None).await.map(|reply| reply.total);
    ServiceAnswer { service, operation: name, url, answer }
}
