Pod::Spec.new do |s|
  s.name = 'Slide'
  s.source_files = 'Source/*.swift'
end
