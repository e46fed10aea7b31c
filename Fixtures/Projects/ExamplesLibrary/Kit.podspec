Pod::Spec.new do |s|
  s.name = 'Kit'
  s.source_files = 'Source/*.{h,m}'
end
