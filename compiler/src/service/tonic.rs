//! The tonic generator: for each service, a module `<service>_server` with
//! its trait and the server tonic's router takes, and a module
//! `<service>_client` with its client, shaped as tonic-build shapes them.
//!
//! The trait's methods take one of two shapes ([`ServerTrait`]): the one
//! `#[async_trait]` gives, which tonic-build's traits have, so that an
//! impl written for tonic-build compiles as it is; or Rust's own
//! `async fn` in traits.
//!
//! The code names tonic and the gRPC codec through the runtime
//! (`_rt::tonic`, `_rt::grpc::Codec`, the runtime's `tonic` feature), so
//! that the codec and the code agree on one tonic, and names the messages
//! from the package's module (`super::Order`).

use heck::ToSnakeCase;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::{Method, Service, ServiceGenerator};
use crate::codegen;

/// Writes tonic servers and clients; what `Services::Tonic` sets.
///
/// ```
/// use schemac::service::{ServerTrait, TonicGenerator};
///
/// let mut generator = TonicGenerator::new();
/// generator.server_trait(ServerTrait::Native).default_unimplemented(true);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TonicGenerator {
    server_trait: ServerTrait,
    default_unimplemented: bool,
}

/// How the methods of a generated server trait are declared.
///
/// The two shapes cannot both be met by one impl: an impl under
/// `#[tonic::async_trait]` of a trait of native `async fn`s fails with
/// E0195, and so does a plain `async fn` impl of a trait of the
/// `#[async_trait]` shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerTrait {
    /// [`AsyncTrait`](Self::AsyncTrait) for the services of `.proto`
    /// files, whose servers may have been written for tonic-build, and
    /// [`Native`](Self::Native) for those of `.schema` files; the default.
    #[default]
    ByInput,
    /// The shape `#[async_trait]` gives, as tonic-build's traits have it:
    /// each method `fn m<'life0, 'async_trait>(&'life0 self, request) ->
    /// Pin<Box<dyn Future<Output = ...> + Send + 'async_trait>>`. An impl
    /// is written with `#[tonic::async_trait]` and `async fn`s.
    AsyncTrait,
    /// Rust's own `async fn` in traits: each method `fn m(&self, request)
    /// -> impl Future<Output = ...> + Send`. An impl is written with
    /// `async fn`s and no attribute.
    Native,
}

impl TonicGenerator {
    /// The generator of both a server and a client for each service, with
    /// the default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets how the server traits' methods are declared;
    /// [`ServerTrait::ByInput`] by default.
    pub fn server_trait(&mut self, server_trait: ServerTrait) -> &mut Self {
        self.server_trait = server_trait;
        self
    }

    /// Gives every method of the server traits a default body that answers
    /// `Status::unimplemented`, so that a server need implement only the
    /// methods it serves, and an rpc added to the schema does not break
    /// it. A server-streaming method then answers a
    /// `tonic::codegen::BoxStream` rather than an associated stream type,
    /// which could have no default. Off by default.
    pub fn default_unimplemented(&mut self, on: bool) -> &mut Self {
        self.default_unimplemented = on;
        self
    }

    /// Whether `service`'s trait takes the shape `#[async_trait]` gives.
    fn async_trait(&self, service: &Service) -> bool {
        match self.server_trait {
            ServerTrait::ByInput => service.from_proto,
            ServerTrait::AsyncTrait => true,
            ServerTrait::Native => false,
        }
    }
}

impl ServiceGenerator for TonicGenerator {
    fn generate(&self, service: &Service) -> String {
        let shape = Shape {
            async_trait: self.async_trait(service),
            default_unimplemented: self.default_unimplemented,
        };
        let server = server(service, shape);
        let client = client(service);
        quote!(#server #client).to_string()
    }
}

/// The shape of one service's server trait.
#[derive(Clone, Copy)]
struct Shape {
    async_trait: bool,
    default_unimplemented: bool,
}

/// The names one service's code uses.
struct Names {
    trait_name: Ident,
    server: Ident,
    client: Ident,
    server_mod: Ident,
    client_mod: Ident,
}

impl Names {
    fn of(service: &Service) -> Self {
        let snake = service.rust_name.to_snake_case();
        Self {
            trait_name: ident(&service.rust_name),
            server: format_ident!("{}Server", service.rust_name),
            client: format_ident!("{}Client", service.rust_name),
            server_mod: format_ident!("{}_server", snake),
            client_mod: format_ident!("{}_client", snake),
        }
    }
}

fn ident(name: &str) -> Ident {
    syn::parse_str::<Ident>(name).unwrap_or_else(|_| Ident::new("__", Span::call_site()))
}

/// A message's path from the service's module, one below the package's.
fn message_type(path: &str) -> TokenStream {
    let parsed: syn::Path = syn::parse_str(path).unwrap_or_else(|_| syn::parse_quote!(__));
    let from_root = parsed.leading_colon.is_some()
        || parsed.segments.first().is_some_and(|s| s.ident == "crate");
    if from_root {
        quote!(#parsed)
    } else {
        quote!(super::#parsed)
    }
}

/// The identifier of a method's function: its Rust name, raw when a
/// keyword (`r#type`).
fn method_ident(method: &Method) -> Ident {
    match method.rust_name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => ident(&method.rust_name),
    }
}

/// The associated type of a server-streaming method's responses:
/// `WatchOrdersStream`.
fn stream_ident(method: &Method) -> Ident {
    format_ident!("{}Stream", codegen_type_name(&method.name))
}

fn codegen_type_name(name: &str) -> String {
    crate::names::type_name(name)
}

fn server(service: &Service, shape: Shape) -> TokenStream {
    let Names {
        trait_name,
        server,
        server_mod,
        ..
    } = Names::of(service);
    let service_docs = codegen::docs(&service.docs, || {
        format!(
            "The server side of the gRPC service `{}`.",
            service.full_name
        )
    });
    let trait_doc = format!(
        " The methods of `{}`, which a server implements; serve it with [`{server}`].",
        service.full_name
    );
    let server_doc = format!(
        " The tonic service of `{}` over an implementation of [`{trait_name}`], for `tonic::transport::Server::add_service`.",
        service.full_name
    );
    let trait_methods = service
        .methods
        .iter()
        .map(|method| trait_method(method, shape));
    let routes = service
        .methods
        .iter()
        .map(|method| route(&trait_name, method, shape));
    let deprecated = service.deprecated.then(|| quote!(#[deprecated]));
    let full_name = &service.full_name;
    quote! {
        #service_docs
        #[allow(clippy::type_complexity, clippy::too_many_lines, deprecated)]
        pub mod #server_mod {
            use super::_rt;
            use _rt::tonic;
            use _rt::tonic::codegen::{http, Arc, Body, BoxFuture, Context, Poll, StdError};

            #[doc = #trait_doc]
            #deprecated
            pub trait #trait_name: ::core::marker::Send + ::core::marker::Sync + 'static {
                #(#trait_methods)*
            }

            #[doc = #server_doc]
            #deprecated
            #[derive(Debug)]
            pub struct #server<T> {
                inner: Arc<T>,
                accept_compression_encodings: tonic::codec::EnabledCompressionEncodings,
                send_compression_encodings: tonic::codec::EnabledCompressionEncodings,
                max_decoding_message_size: ::core::option::Option<usize>,
                max_encoding_message_size: ::core::option::Option<usize>,
            }

            impl<T> #server<T> {
                /// Serves `inner`.
                pub fn new(inner: T) -> Self {
                    Self::from_arc(Arc::new(inner))
                }

                /// Serves the implementation `inner` shares.
                pub fn from_arc(inner: Arc<T>) -> Self {
                    Self {
                        inner,
                        accept_compression_encodings: ::core::default::Default::default(),
                        send_compression_encodings: ::core::default::Default::default(),
                        max_decoding_message_size: ::core::option::Option::None,
                        max_encoding_message_size: ::core::option::Option::None,
                    }
                }

                /// Serves `inner` behind `interceptor`, which sees each
                /// request first.
                pub fn with_interceptor<F>(inner: T, interceptor: F) -> tonic::codegen::InterceptedService<Self, F>
                where
                    F: tonic::service::Interceptor,
                {
                    tonic::codegen::InterceptedService::new(Self::new(inner), interceptor)
                }

                /// Accepts requests compressed with `encoding`.
                #[must_use]
                pub fn accept_compressed(mut self, encoding: tonic::codec::CompressionEncoding) -> Self {
                    self.accept_compression_encodings.enable(encoding);
                    self
                }

                /// Compresses responses with `encoding` when the client accepts it.
                #[must_use]
                pub fn send_compressed(mut self, encoding: tonic::codec::CompressionEncoding) -> Self {
                    self.send_compression_encodings.enable(encoding);
                    self
                }

                /// Refuses, with `OutOfRange`, a request message longer than
                /// `limit` bytes; tonic's default is 4 MiB.
                #[must_use]
                pub fn max_decoding_message_size(mut self, limit: usize) -> Self {
                    self.max_decoding_message_size = ::core::option::Option::Some(limit);
                    self
                }

                /// Refuses to send a response message longer than `limit`
                /// bytes; unlimited by default.
                #[must_use]
                pub fn max_encoding_message_size(mut self, limit: usize) -> Self {
                    self.max_encoding_message_size = ::core::option::Option::Some(limit);
                    self
                }

                fn grpc<Req, Res>(&self) -> tonic::server::Grpc<_rt::grpc::Codec<Res, Req>>
                where
                    Req: _rt::Message + ::core::marker::Send + 'static,
                    Res: _rt::Message + ::core::marker::Send + 'static,
                {
                    tonic::server::Grpc::new(_rt::grpc::Codec::for_server())
                        .apply_compression_config(
                            self.accept_compression_encodings,
                            self.send_compression_encodings,
                        )
                        .apply_max_message_size_config(
                            self.max_decoding_message_size,
                            self.max_encoding_message_size,
                        )
                }
            }

            impl<T> ::core::clone::Clone for #server<T> {
                fn clone(&self) -> Self {
                    Self {
                        inner: ::core::clone::Clone::clone(&self.inner),
                        accept_compression_encodings: self.accept_compression_encodings,
                        send_compression_encodings: self.send_compression_encodings,
                        max_decoding_message_size: self.max_decoding_message_size,
                        max_encoding_message_size: self.max_encoding_message_size,
                    }
                }
            }

            impl<T, B> tonic::codegen::Service<http::Request<B>> for #server<T>
            where
                T: #trait_name,
                B: Body + ::core::marker::Send + 'static,
                B::Error: ::core::convert::Into<StdError> + ::core::marker::Send + 'static,
            {
                type Response = http::Response<tonic::body::Body>;
                type Error = ::core::convert::Infallible;
                type Future = BoxFuture<Self::Response, Self::Error>;

                fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<::core::result::Result<(), Self::Error>> {
                    Poll::Ready(::core::result::Result::Ok(()))
                }

                fn call(&mut self, request: http::Request<B>) -> Self::Future {
                    match request.uri().path() {
                        #(#routes)*
                        _ => _rt::alloc::boxed::Box::pin(async move {
                            ::core::result::Result::Ok(tonic::Status::unimplemented("").into_http())
                        }),
                    }
                }
            }

            impl<T> tonic::server::NamedService for #server<T> {
                const NAME: &'static str = SERVICE_NAME;
            }

            /// The service's full name, which gRPC calls it by.
            pub const SERVICE_NAME: &str = #full_name;
        }
    }
}

/// A method of the server trait, and the associated stream type of a
/// server-streaming one (a `BoxStream` with default bodies).
fn trait_method(method: &Method, shape: Shape) -> TokenStream {
    let name = method_ident(method);
    let docs = codegen::docs(&method.docs, || format!("Answers `{}`.", method.path));
    let deprecated = method.deprecated.then(|| quote!(#[deprecated]));
    let input = message_type(&method.input_type);
    let output = message_type(&method.output_type);
    let request = match method.client_streaming {
        true => quote!(tonic::Request<tonic::Streaming<#input>>),
        false => quote!(tonic::Request<#input>),
    };
    let (stream_type, response) = match method.server_streaming {
        true if shape.default_unimplemented => (
            TokenStream::new(),
            quote!(tonic::codegen::BoxStream<#output>),
        ),
        true => {
            let stream = stream_ident(method);
            let doc = format!(" The stream of responses of [`{name}`](Self::{name}).");
            let stream_type = quote! {
                #[doc = #doc]
                type #stream: tonic::codegen::tokio_stream::Stream<
                    Item = ::core::result::Result<#output, tonic::Status>,
                > + ::core::marker::Send + 'static;
            };
            (stream_type, quote!(Self::#stream))
        }
        false => (TokenStream::new(), output),
    };
    let output = quote!(::core::result::Result<tonic::Response<#response>, tonic::Status>);
    let (request, body) = match shape.default_unimplemented {
        true => {
            let message = format!("{} is not implemented by this server", method.path);
            let answer = quote! {
                ::core::future::ready(::core::result::Result::Err(tonic::Status::unimplemented(#message)))
            };
            let body = match shape.async_trait {
                true => quote!({ _rt::alloc::boxed::Box::pin(#answer) }),
                false => quote!({ #answer }),
            };
            (quote!(_request: #request), body)
        }
        false => (quote!(request: #request), quote!(;)),
    };
    let signature = match shape.async_trait {
        // What `#[async_trait]` makes of `async fn #name(&self, ...) -> ...`.
        true => quote! {
            fn #name<'life0, 'async_trait>(
                &'life0 self,
                #request,
            ) -> ::core::pin::Pin<_rt::alloc::boxed::Box<
                dyn ::core::future::Future<Output = #output> + ::core::marker::Send + 'async_trait,
            >>
            where
                'life0: 'async_trait,
                Self: 'async_trait
        },
        false => quote! {
            fn #name(
                &self,
                #request,
            ) -> impl ::core::future::Future<Output = #output> + ::core::marker::Send
        },
    };
    quote! {
        #stream_type
        #docs
        #deprecated
        #signature #body
    }
}

/// The arm of the server's `call` that answers one method's path.
fn route(trait_name: &Ident, method: &Method, shape: Shape) -> TokenStream {
    let path = &method.path;
    let name = method_ident(method);
    let input = message_type(&method.input_type);
    let output = message_type(&method.output_type);
    let svc = format_ident!("{}Svc", codegen_type_name(&method.name));
    let (kind, call, response_stream, request) =
        match (method.client_streaming, method.server_streaming) {
            (false, false) => (
                quote!(UnaryService),
                quote!(unary),
                None,
                quote!(tonic::Request<#input>),
            ),
            (false, true) => (
                quote!(ServerStreamingService),
                quote!(server_streaming),
                Some(stream_ident(method)),
                quote!(tonic::Request<#input>),
            ),
            (true, false) => (
                quote!(ClientStreamingService),
                quote!(client_streaming),
                None,
                quote!(tonic::Request<tonic::Streaming<#input>>),
            ),
            (true, true) => (
                quote!(StreamingService),
                quote!(streaming),
                Some(stream_ident(method)),
                quote!(tonic::Request<tonic::Streaming<#input>>),
            ),
        };
    let (stream_type, answer) = match &response_stream {
        Some(_) if shape.default_unimplemented => (
            quote!(type ResponseStream = tonic::codegen::BoxStream<#output>;),
            quote!(Self::ResponseStream),
        ),
        Some(stream) => (
            quote!(type ResponseStream = T::#stream;),
            quote!(Self::ResponseStream),
        ),
        None => (TokenStream::new(), quote!(Self::Response)),
    };
    quote! {
        #path => {
            struct #svc<T>(Arc<T>);

            impl<T: #trait_name> tonic::server::#kind<#input> for #svc<T> {
                type Response = #output;
                #stream_type
                type Future = BoxFuture<tonic::Response<#answer>, tonic::Status>;

                fn call(&mut self, request: #request) -> Self::Future {
                    let inner = Arc::clone(&self.0);
                    _rt::alloc::boxed::Box::pin(async move { inner.#name(request).await })
                }
            }

            let mut grpc = self.grpc::<#input, #output>();
            let method = #svc(Arc::clone(&self.inner));
            _rt::alloc::boxed::Box::pin(async move {
                ::core::result::Result::Ok(grpc.#call(method, request).await)
            })
        }
    }
}

fn client(service: &Service) -> TokenStream {
    let Names {
        client, client_mod, ..
    } = Names::of(service);
    let service_docs = codegen::docs(&service.docs, || {
        format!(
            "The client side of the gRPC service `{}`.",
            service.full_name
        )
    });
    let client_doc = format!(
        " A client of `{}`, over any tonic transport `T` (a `tonic::transport::Channel` from [`connect`]({client}::connect)).",
        service.full_name
    );
    let methods = service
        .methods
        .iter()
        .map(|method| client_method(service, method));
    let deprecated = service.deprecated.then(|| quote!(#[deprecated]));
    quote! {
        #service_docs
        #[allow(clippy::type_complexity, deprecated)]
        pub mod #client_mod {
            use super::_rt;
            use _rt::tonic;
            use _rt::tonic::codegen::{http, Body, Bytes, StdError};

            #[doc = #client_doc]
            #deprecated
            #[derive(Debug, Clone)]
            pub struct #client<T> {
                inner: tonic::client::Grpc<T>,
            }

            impl #client<tonic::transport::Channel> {
                /// Connects to the server at `destination`, such as
                /// `"http://127.0.0.1:50051"`.
                pub async fn connect<D>(destination: D) -> ::core::result::Result<Self, tonic::transport::Error>
                where
                    D: ::core::convert::TryInto<tonic::transport::Endpoint>,
                    D::Error: ::core::convert::Into<StdError>,
                {
                    let channel = tonic::transport::Endpoint::new(destination)?.connect().await?;
                    ::core::result::Result::Ok(Self::new(channel))
                }
            }

            impl<T> #client<T>
            where
                T: tonic::client::GrpcService<tonic::body::Body>,
                T::Error: ::core::convert::Into<StdError>,
                T::ResponseBody: Body<Data = Bytes> + ::core::marker::Send + 'static,
                <T::ResponseBody as Body>::Error: ::core::convert::Into<StdError> + ::core::marker::Send,
            {
                /// A client calling through `inner`.
                pub fn new(inner: T) -> Self {
                    Self { inner: tonic::client::Grpc::new(inner) }
                }

                /// A client calling through `inner`, at `origin`'s scheme and
                /// authority.
                pub fn with_origin(inner: T, origin: http::Uri) -> Self {
                    Self { inner: tonic::client::Grpc::with_origin(inner, origin) }
                }

                /// Compresses requests with `encoding`; the server must accept it.
                #[must_use]
                pub fn send_compressed(mut self, encoding: tonic::codec::CompressionEncoding) -> Self {
                    self.inner = self.inner.send_compressed(encoding);
                    self
                }

                /// Accepts responses compressed with `encoding`.
                #[must_use]
                pub fn accept_compressed(mut self, encoding: tonic::codec::CompressionEncoding) -> Self {
                    self.inner = self.inner.accept_compressed(encoding);
                    self
                }

                /// Refuses a response message longer than `limit` bytes;
                /// tonic's default is 4 MiB.
                #[must_use]
                pub fn max_decoding_message_size(mut self, limit: usize) -> Self {
                    self.inner = self.inner.max_decoding_message_size(limit);
                    self
                }

                /// Refuses to send a request message longer than `limit`
                /// bytes; unlimited by default.
                #[must_use]
                pub fn max_encoding_message_size(mut self, limit: usize) -> Self {
                    self.inner = self.inner.max_encoding_message_size(limit);
                    self
                }

                async fn ready(&mut self) -> ::core::result::Result<(), tonic::Status> {
                    self.inner.ready().await.map_err(|error| {
                        tonic::Status::unknown(_rt::alloc::format!(
                            "the service was not ready: {}",
                            ::core::convert::Into::<StdError>::into(error)
                        ))
                    })
                }

                #(#methods)*
            }
        }
    }
}

/// A method of the client.
fn client_method(service: &Service, method: &Method) -> TokenStream {
    let name = method_ident(method);
    let docs = codegen::docs(&method.docs, || format!("Calls `{}`.", method.path));
    let deprecated = method.deprecated.then(|| quote!(#[deprecated]));
    let input = message_type(&method.input_type);
    let output = message_type(&method.output_type);
    let path = &method.path;
    let full_name = &service.full_name;
    let method_name = &method.name;
    let (argument, into) = match method.client_streaming {
        true => (
            quote!(impl tonic::IntoStreamingRequest<Message = #input>),
            quote!(into_streaming_request),
        ),
        false => (
            quote!(impl tonic::IntoRequest<#input>),
            quote!(into_request),
        ),
    };
    let (response, call) = match (method.client_streaming, method.server_streaming) {
        (false, false) => (quote!(#output), quote!(unary)),
        (false, true) => (quote!(tonic::Streaming<#output>), quote!(server_streaming)),
        (true, false) => (quote!(#output), quote!(client_streaming)),
        (true, true) => (quote!(tonic::Streaming<#output>), quote!(streaming)),
    };
    quote! {
        #docs
        #deprecated
        pub async fn #name(
            &mut self,
            request: #argument,
        ) -> ::core::result::Result<tonic::Response<#response>, tonic::Status> {
            self.ready().await?;
            let mut request = request.#into();
            request
                .extensions_mut()
                .insert(tonic::GrpcMethod::new(#full_name, #method_name));
            let path = http::uri::PathAndQuery::from_static(#path);
            self.inner
                .#call(request, path, _rt::grpc::Codec::<#input, #output>::for_client())
                .await
        }
    }
}
