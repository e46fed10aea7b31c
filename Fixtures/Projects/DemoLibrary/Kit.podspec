Pod::Spec.new do |s|
  s.name = 'Kit'
  s.source_files = 'Kit/*.{h,m}'
end
